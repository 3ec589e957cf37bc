import { type AppEnv, appEnvs, isSafeSubcb } from '@hub/core';
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
 * subcb is handed to the tool or platform as a parameter; the same rule holds at every exit
 * (isSafeSubcb): a path or plain name of the site's own ('/orders/7', 'plans') is passed on as it
 * is, anything a URL parser could read as another site is refused.
 */
export const checkSubcb = (subcb: string | undefined): string | undefined => {
  if (subcb === undefined || subcb === '') return undefined;
  if (!isSafeSubcb(subcb)) throw callbackMissing();
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
