import { TOOL_SESSION_STORAGE_KEY } from '@hub/core';

export type AppLoadOutcome = 'kept' | 'cleared' | 'reloading';

interface AppLoadContext {
  search: string;
  pathname: string;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  reload: (path: string) => void;
}

/**
 * Spec §4 "Application load": after the start-up delay, when the URL has no `from` parameter and
 * a saved tool session exists, the session is removed; unless a `sainfo` parameter exists, the
 * page then reloads to its own path (without the query).
 */
export const clearStaleToolSession = ({
  search,
  pathname,
  storage,
  reload,
}: AppLoadContext): AppLoadOutcome => {
  const params = new URLSearchParams(search);
  if (params.has('from')) return 'kept';
  if (storage.getItem(TOOL_SESSION_STORAGE_KEY) === null) return 'kept';
  storage.removeItem(TOOL_SESSION_STORAGE_KEY);
  if (params.has('sainfo')) return 'cleared';
  reload(pathname);
  return 'reloading';
};

/** Browser storage, or undefined where the browser refuses access (some private modes, sandboxed frames). */
export const browserStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch (error) {
    console.warn('Browser storage is not available; the tool session cannot be read.', error);
    return undefined;
  }
};
