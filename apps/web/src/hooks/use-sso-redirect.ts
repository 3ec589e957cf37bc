import { apiErrorText, encodeToolSession, errorMessage } from '@hub/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isRetryableSsoFailure, requestSsoRedirect, ssoNavigationTarget, ssoRequestFrom } from '../api/sso';
import { browserStorage, saveToolSession } from '../lib/tool-session';

export type SsoRedirectState =
  | { status: 'deciding' }
  | { status: 'redirecting' }
  /** `retry` is set when another attempt can help (no answer, our side, a throttle). */
  | { status: 'failed'; message: string; retry?: () => void };

/**
 * Spec §4 "SSO handler": sends the /sso/rqx query to the server once, keeps the tool session it
 * answers under pm_tool_session (spec §3) and leaves for the location: a screen of ours or a
 * tool's registered callback, by a full page load that replaces /sso/rqx in the history (so Back
 * does not re-run the request; the normal app then starts with its spec §2 start-up delay).
 */
export const useSsoRedirect = (): SsoRedirectState => {
  const [params] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SsoRedirectState>({ status: 'deciding' });
  // One request per attempt, also under StrictMode's doubled effects: the decision may sign in.
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    const retry = () => {
      setState({ status: 'deciding' });
      setAttempt((n) => n + 1);
    };
    void requestSsoRedirect(ssoRequestFrom(params)).then((result) => {
      if (!result.ok) {
        setState({
          status: 'failed',
          message: apiErrorText(result.error),
          ...(isRetryableSsoFailure(result.status, result.error) ? { retry } : {}),
        });
        return;
      }
      const target = ssoNavigationTarget(result.data.location);
      if (target === undefined) {
        setState({ status: 'failed', message: errorMessage('internal'), retry });
        return;
      }
      if (result.data.toolSession)
        saveToolSession(browserStorage(), encodeToolSession(result.data.toolSession));
      setState({ status: 'redirecting' });
      window.location.replace(target);
    });
  }, [attempt, params]);

  return state;
};
