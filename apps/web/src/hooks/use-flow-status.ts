import type { ApiError, FlowStatus } from '@hub/core';
import { useCallback, useEffect, useState } from 'react';
import type { ApiRequestOptions, ApiResult } from '../api/client';

export type FlowStatusState<T = FlowStatus> =
  | { kind: 'missing' }
  | { kind: 'loading' }
  | { kind: 'ready'; flowId: string; status: T }
  | { kind: 'failed'; error: ApiError };

/** A flow's status read (a finalize screen's, option3/finalize's, an invitation's). Keep it stable. */
export interface FlowStatusReader<T> {
  status(flowId: string, options?: ApiRequestOptions): Promise<ApiResult<T>>;
}

/**
 * Spec §4 "Finalize": the screen first asks the server about the flow (does the account exist
 * already?). 'missing' when the link carries no flow id. `retry` asks again; leaving the screen
 * cancels the call.
 */
export const useFlowStatus = <T = FlowStatus>(api: FlowStatusReader<T>, flowId: string | null) => {
  const [state, setState] = useState<FlowStatusState<T>>({ kind: flowId ? 'loading' : 'missing' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `retry` asks again.
  useEffect(() => {
    if (!flowId) {
      setState({ kind: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api.status(flowId, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok ? { kind: 'ready', flowId, status: result.data } : { kind: 'failed', error: result.error },
      );
    });
    return () => controller.abort();
  }, [api, flowId, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
};
