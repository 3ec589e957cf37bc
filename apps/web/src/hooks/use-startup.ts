import { STARTUP_DELAY_MS } from '@hub/core';
import { useEffect, useState } from 'react';
import { browserStorage, clearStaleToolSession } from '../lib/tool-session';

/**
 * Spec §2 "Startup": routes render only after STARTUP_DELAY_MS (1000 ms). At that moment the
 * spec §4 "Application load" check runs (a stale tool session is removed, and the page may reload
 * to its own path; the loader then stays up until the reload happens).
 * `runAppLoadCheck` is false for /sso/rqx, which is not part of the normal app.
 */
export const useStartupReady = (runAppLoadCheck: boolean): boolean => {
  const [ready, setReady] = useState(false);
  // Only the entry route decides; navigating later does not re-run the check.
  const [checkOnLoad] = useState(runAppLoadCheck);

  useEffect(() => {
    const timer = setTimeout(() => {
      const storage = checkOnLoad ? browserStorage() : undefined;
      if (storage) {
        const outcome = clearStaleToolSession({
          search: window.location.search,
          pathname: window.location.pathname,
          storage,
          reload: (path) => window.location.replace(path),
        });
        if (outcome === 'reloading') return;
      }
      setReady(true);
    }, STARTUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checkOnLoad]);

  return ready;
};
