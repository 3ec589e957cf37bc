import type { ApiError } from '@hub/core';
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../api/client';
import { type DefaultPlatformState, readDefaultPlatformState } from '../api/switching';

export type SignedInState =
  | { kind: 'loading' }
  /** No live hub session (401 session.required): the screen offers to log in. */
  | { kind: 'signed_out' }
  | { kind: 'ready'; account: DefaultPlatformState }
  | { kind: 'failed'; error: ApiError };

const isSignedOut = (result: ApiResult<unknown>) => !result.ok && result.error.code === 'session.required';

/**
 * Option2 and option3 work on the signed-in account: the screen first asks who that is (and its
 * platforms). `retry` asks again; `noticeSignedOut` is for a later answer that says the session
 * has ended meanwhile. Leaving the screen cancels the call.
 */
export const useSignedInAccount = () => {
  const [state, setState] = useState<SignedInState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `retry` asks again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    readDefaultPlatformState({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setState({ kind: 'ready', account: result.data });
      else setState(isSignedOut(result) ? { kind: 'signed_out' } : { kind: 'failed', error: result.error });
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  /** Passes an answer through; one that says 'session.required' turns the screen to signed out. */
  const noticeSignedOut = useCallback(<T>(result: ApiResult<T>): ApiResult<T> => {
    if (isSignedOut(result)) setState({ kind: 'signed_out' });
    return result;
  }, []);
  return { state, retry, noticeSignedOut };
};
