import { type Checked, checkCallbackUrl } from '../services/registry-checks.js';
import { ALL_SCOPES } from './constants.js';

/**
 * What a client registration accepts, from the command line (`hub clients`) and the console
 * alike: pure checks, each the value or a sentence saying why it was refused. A URI passes exactly
 * as given (the provider matches redirect URIs exactly).
 */

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = (problem: string): Checked<never> => ({ ok: false, problem });

/** A redirect URI is checked as strictly as a tool's callback (and stored exactly as given). */
export const checkRedirectUri = (input: string, what: string): Checked<string> => {
  // Matching is exact, so a * would only ever match itself: refuse it rather than let an
  // operator believe it is a wildcard.
  if (input.includes('*')) return refuse(`${what}: no wildcard; register each URI exactly: ${input}.`);
  const checked = checkCallbackUrl(input, 'production');
  return checked.ok ? checked : refuse(`${what}: ${checked.problem}`);
};

/**
 * A native app's redirect (RFC 8252): a loopback address by IP (its port is not matched, the app
 * picks one when it starts), a private-use scheme named after a domain the app's maker holds
 * (com.example.app:/cb), or https. `localhost` is refused: it may resolve elsewhere (RFC 8252 8.3).
 */
export const checkNativeRedirectUri = (input: string): Checked<string> => {
  if (!URL.canParse(input)) return refuse(`--redirect-uri is not a URI: ${input}.`);
  const url = new URL(input);
  if (input.includes('#') || url.username || url.password)
    return refuse(`--redirect-uri: no #fragment, user name or password: ${input}.`);
  if (url.protocol === 'http:') {
    if (url.hostname !== '127.0.0.1' && url.hostname !== '[::1]')
      return refuse(
        `--redirect-uri: a native app's http redirect is http://127.0.0.1 or http://[::1]: ${input}.`,
      );
    if (url.port) return refuse(`--redirect-uri: leave out the port; any port matches: ${input}.`);
    return ok(input);
  }
  if (url.protocol === 'https:') return checkRedirectUri(input, '--redirect-uri');
  const scheme = url.protocol.slice(0, -1);
  if (!scheme.includes('.') || ['javascript', 'data', 'file', 'vbscript'].includes(scheme))
    return refuse(
      `--redirect-uri: a private-use scheme is a reversed domain name (com.example.app:/cb): ${input}.`,
    );
  return ok(input);
};

/** `"openid email psl:read"`: known scopes only, each once. */
export const checkScopes = (input: string): Checked<string[]> => {
  const scopes = [...new Set(input.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((scope) => !ALL_SCOPES.includes(scope));
  if (scopes.length === 0 || unknown.length > 0)
    return refuse(
      `--scopes takes scopes among ${ALL_SCOPES.join(' ')} (unknown: ${unknown.join(' ') || 'none given'}).`,
    );
  return ok(scopes);
};

export const checkChoice = <T extends string>(
  input: string,
  choices: readonly T[],
  what: string,
): Checked<T> =>
  (choices as readonly string[]).includes(input)
    ? ok(input as T)
    : refuse(`${what} is one of ${choices.join(', ')} (got ${input}).`);
