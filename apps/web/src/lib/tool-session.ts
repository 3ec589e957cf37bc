import { TOOL_SESSION_STORAGE_KEY } from '@hub/core';

export type AppLoadOutcome = 'kept' | 'cleared' | 'reloading';

interface AppLoadContext {
  search: string;
  pathname: string;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  reload: (path: string) => void;
}

/**
 * The hub's own parameters that a sign-in in progress depends on. The reload keeps `next` (the
 * account center page a sign-in returns to) and `lng`; `oidc` (an OpenID Connect interaction) and
 * `sainfo` (a platform's pre-filled sign-in) mean a sign-in is under way, so the page is not
 * reloaded at all: the stale tool session is removed and the screen goes on.
 */
const HUB_PARAMS_KEPT_ON_RELOAD = ['next', 'lng'] as const;
const SIGN_IN_UNDER_WAY_PARAMS = ['sainfo', 'oidc'] as const;

/**
 * Spec §4 "Application load": after the start-up delay, when the URL has no `from` parameter and
 * a saved tool session exists, the session is removed; unless a `sainfo` parameter exists, the
 * page then reloads to its own path. The reload drops the tool's parameters but never the hub's
 * own (HUB_PARAMS_KEPT_ON_RELOAD), and an OpenID Connect sign-in is not interrupted: an abandoned
 * tool sign-in must not swallow a later "Sign in with Account Hub" (docs/architecture.md).
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
  if (SIGN_IN_UNDER_WAY_PARAMS.some((name) => params.has(name))) return 'cleared';
  const kept = new URLSearchParams();
  for (const name of HUB_PARAMS_KEPT_ON_RELOAD) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  reload(query ? `${pathname}?${query}` : pathname);
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

/**
 * Spec §3: keeps the tool session (its JSON, core encodeToolSession) under pm_tool_session. False
 * when the browser refuses to store it (no storage, quota, private mode); the caller goes on, since
 * the session also travels in the 'from' parameter.
 */
export const saveToolSession = (storage: Pick<Storage, 'setItem'> | undefined, encoded: string): boolean => {
  if (!storage) return false;
  try {
    storage.setItem(TOOL_SESSION_STORAGE_KEY, encoded);
    return true;
  } catch (error) {
    console.warn('The tool session could not be saved in browser storage.', error);
    return false;
  }
};

/**
 * The `src` to show a tool's logo with, or undefined when it must not be requested: a path of ours,
 * or an https URL (the registry's logos are https, `hub tools add --logo`). The CSP allows images
 * from nowhere else (`img-src 'self' data: https:`), so anything else falls back to our mark
 * instead of being blocked (and reported) by the browser.
 */
export const toolLogoSrc = (logo: string | null | undefined, origin: string): string | undefined => {
  if (!logo || /[\p{Cc}\\]/u.test(logo)) return undefined;
  let url: URL;
  try {
    url = new URL(logo, origin);
  } catch {
    // Not a URL at all: there is nothing to show, the hub mark stands in.
    return undefined;
  }
  if (url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:'))
    return `${url.pathname}${url.search}`;
  return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
};
