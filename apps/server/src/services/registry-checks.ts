import { type AppEnv, isAppEnv } from '@hub/core';

/**
 * What the tool and client registry accepts, from the command line (cli/) and the console (admin/)
 * alike, as pure checks: each returns the value, or a sentence saying why it was refused. Nothing
 * here rewrites input: what passes is stored exactly as given.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = (problem: string): Checked<never> => ({ ok: false, problem });

/** A tool id: 1 to 999999999 (a tool credential carries at most 9 digits). */
export const checkTid = (input: string | undefined): Checked<number> =>
  input !== undefined && /^[1-9]\d{0,8}$/.test(input)
    ? ok(Number(input))
    : refuse(`Not a tool id: ${input ?? '(missing)'}.`);

/** Spec §3: type 1 signs in on the normal screens; any other positive type goes to the tool login. */
export const checkToolType = (input: string | undefined): Checked<number> =>
  input !== undefined && /^[1-9]\d{0,3}$/.test(input)
    ? ok(Number(input))
    : refuse(`Not a tool type: ${input ?? '(missing)'} (1, or another positive number for the tool login).`);

export const checkToolName = (input: string | undefined): Checked<string> => {
  if (input === undefined || input.trim() === '') return refuse('A tool needs a --name.');
  if (input !== input.trim()) return refuse('The name must not start or end with spaces.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (input.length > 100 || /[\u0000-\u001f\u007f]/.test(input))
    return refuse('The name must be at most 100 printable characters.');
  return ok(input);
};

/** A logo is an https URL (http on localhost) or a path on the hub; never javascript: or data:. */
export const checkLogo = (input: string): Checked<string> => {
  if (/^\/(?!\/)[^\s]*$/.test(input)) return ok(input);
  const url = URL.canParse(input) ? new URL(input) : undefined;
  if (url && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))))
    return ok(input);
  return refuse(`A logo must be an https:// URL or a path starting with /: ${input}.`);
};

/** Spec §4: some tools put a prefix such as /psl or /psl/wallet before /sso/account/auth. */
export const checkPathPrefix = (input: string): Checked<string> =>
  input === '' || /^(\/[A-Za-z0-9_-]+)+$/.test(input)
    ? ok(input)
    : refuse(`A path prefix is empty or like /psl or /psl/wallet: ${input}.`);

/** A tsa key names a tool in /sso/rqx?from=…; the spec's keys (§3) all fit this pattern. */
export const checkTsaKey = (input: string | undefined): Checked<string> =>
  input !== undefined && /^[A-Z0-9_]{3,64}$/.test(input)
    ? ok(input)
    : refuse(`A tsa key is 3 to 64 of A-Z, 0-9 and _: ${input ?? '(missing)'}.`);

export const checkEnv = (input: string | undefined): Checked<AppEnv> =>
  isAppEnv(input)
    ? ok(input)
    : refuse(`--env must be local, development, sandbox or production (got ${input ?? 'nothing'}).`);

/** Spec §3: callbacks are listed as {name}_auth_callback, so a name is a short lower-case word. */
export const checkCallbackName = (input: string): Checked<string> =>
  /^[a-z][a-z0-9_]{0,31}$/.test(input) ? ok(input) : refuse(`A callback name is a-z, 0-9 and _: ${input}.`);

export const checkPosition = (input: string): Checked<number> =>
  /^\d{1,3}$/.test(input) ? ok(Number(input)) : refuse(`A position is a number from 0 to 999: ${input}.`);

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/**
 * docs/security.md "Redirects": the hub redirects only to a registered callback, compared exactly, and
 * sends ainfo to it. So a callback must be an absolute https URL (http only on a loopback host or
 * in local/development), without userinfo (`https://good@evil`) or a fragment, and already in
 * the one form a URL parser gives it: rather than store a silently rewritten URL the operator did
 * not type, we refuse and show the form to type.
 */
export const checkCallbackUrl = (input: string | undefined, env: AppEnv): Checked<string> => {
  if (!input) return refuse('A callback needs a --url.');
  if (!URL.canParse(input) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(input))
    return refuse(`The callback must be an absolute URL (https://…): ${input}.`);
  const url = new URL(input);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse(`The callback must use https: ${input}.`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && env !== 'local' && env !== 'development')
    return refuse(`A ${env} callback must use https (http only for localhost): ${input}.`);
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(input))
    return refuse(`The callback must not carry a user name or password: ${input}.`);
  if (input.includes('#')) return refuse(`The callback must not have a fragment (#…): ${input}.`);
  if (url.href !== input)
    return refuse(
      `The callback is not in canonical form; the hub matches callbacks exactly, so write it as ${url.href}`,
    );
  return ok(input);
};

const GRACE_UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_GRACE_MS = 7 * 86_400_000;

/** How long a rotated credential keeps working: `0`, or minutes, hours or days (`30m`, `24h`, `7d`), at most 7 days. */
export const checkGrace = (input: string): Checked<number> => {
  const match = /^(\d{1,4})([mhd])$/.exec(input);
  if (input === '0') return ok(0);
  const ms = match ? Number(match[1]) * GRACE_UNITS[match[2] as keyof typeof GRACE_UNITS] : Number.NaN;
  return ms <= MAX_GRACE_MS
    ? ok(ms)
    : refuse(
        `Not a grace period: ${input} (0, or minutes, hours or days such as 30m, 24h or 7d; at most 7d).`,
      );
};
