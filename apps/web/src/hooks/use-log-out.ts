import { type ApiError, TOOL_SESSION_SECONDARY_STORAGE_KEY, TOOL_SESSION_STORAGE_KEY } from '@hub/core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { browserStorage } from '../lib/tool-session';
import { meStore } from './use-me';

/**
 * Log out (POST /api/me/logout), for the header's menu and the account center's button: the hub
 * session ends, the kept tool sessions go (spec §3: cleared on logout), everything that shows the
 * account turns signed out, and the browser goes where the server says: the landing, or a tool's
 * registered logout address. A failure stays on the page, shown with 'Try again'.
 */
export const useLogOut = () => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const logOut = useCallback(async () => {
    setBusy(true);
    setError(null);
    // Loaded on demand, like the me store's own call (zod stays out of the landing's first load).
    const { meShellApi } = await import('../api/me-shell');
    const result = await meShellApi.logOut();
    // Already signed out (another tab, an expired session): the same end.
    if (!result.ok && result.error.code !== 'session.required') {
      setBusy(false);
      setError(result.error);
      return;
    }
    const storage = browserStorage();
    storage?.removeItem(TOOL_SESSION_STORAGE_KEY);
    storage?.removeItem(TOOL_SESSION_SECONDARY_STORAGE_KEY);
    meStore.signedOut(true);
    setBusy(false);
    const location = result.ok ? result.data.location : '/';
    if (location.startsWith('/') && !location.startsWith('//')) navigate(location);
    else window.location.assign(location);
  }, [navigate]);

  return { logOut, busy, error, dismiss: () => setError(null) };
};
