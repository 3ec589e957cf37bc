import { type AppEnv, appEnvs } from '@hub/core';
import { HubError } from '../errors.js';
import type { ToolQueries } from '../storage/tools.js';

/** In production the hub never sends a user to a tool's local or development host. */
export const allowedCallbackEnvs = (appEnv: AppEnv): readonly AppEnv[] =>
  appEnv === 'production' ? ['sandbox', 'production'] : appEnvs;

const callbackMissing = () => new HubError('sso.callback_missing');

/**
 * docs/security.md "Redirects": a URL from the browser (the tool session's cb) is followed only when it
 * equals, character for character, a callback registered for the tool in an allowed environment.
 * No normalisation: another case, port, path, a trailing slash, userinfo or an encoded character
 * is another URL, and refused.
 */
export const registeredCallback = async (
  tools: ToolQueries,
  tid: number,
  presented: string,
  appEnv: AppEnv,
): Promise<string> => {
  const allowed = allowedCallbackEnvs(appEnv);
  const callbacks = await tools.allCallbacks(tid);
  const match = callbacks.find((c) => allowed.includes(c.env) && c.url === presented);
  if (!match) throw callbackMissing();
  return match.url;
};

/**
 * subcb is handed to the tool as a parameter. A value that points elsewhere is refused: an absolute
 * URL on another origin (or with userinfo), or a scheme-relative '//host'. A path or a plain name
 * of the tool's own ('/orders/7', 'plans') is passed on as it is.
 */
export const checkSubcb = (subcb: string | undefined, callback: string): string | undefined => {
  if (subcb === undefined || subcb === '') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(subcb) || subcb.startsWith('//')) throw callbackMissing();
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(subcb)) return subcb;
  let url: URL;
  try {
    url = new URL(subcb);
  } catch {
    throw callbackMissing();
  }
  if (url.origin !== new URL(callback).origin || url.username || url.password) throw callbackMissing();
  return subcb;
};

/** The callback to use for a tool in an environment: the named one, else the first (spec §3). */
export const callbackFor = async (
  tools: ToolQueries,
  tid: number,
  env: AppEnv,
  appEnv: AppEnv,
  name?: string,
) => {
  if (!allowedCallbackEnvs(appEnv).includes(env)) throw callbackMissing();
  const callbacks = await tools.callbacks(tid, env);
  const chosen = (name ? callbacks.find((c) => c.name === name) : undefined) ?? callbacks[0];
  if (!chosen) throw callbackMissing();
  return chosen.url;
};
