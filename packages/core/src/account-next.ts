import { isAccountRoute, matchRoute, routePath } from './routes.js';

/** Longer than any account center path (`/biz/account/sessions`): anything past it is not one. */
export const ACCOUNT_NEXT_MAX_LENGTH = 64;

/**
 * Where a sign-in may return to instead of the platform's exit (`next`): a page of the hub's own
 * account center, `/account...` or `/{psl|biz}/account...`, and nothing else — no other screen, no
 * other origin, no query or fragment (docs/security.md "Redirects"). Returns the path rebuilt from
 * the route it names, never the input itself, or undefined when it names no account center page.
 * The web app checks it before it sends `next`; the server checks it again where a flow records it
 * and at the exit.
 */
export const accountNextPath = (value: string | null | undefined): string | undefined => {
  if (typeof value !== 'string' || value.length === 0 || value.length > ACCOUNT_NEXT_MAX_LENGTH)
    return undefined;
  // matchRoute is exact, so '//evil.test/account', '/account?x', '/account#x', '/account/',
  // '/\\evil.test' and 'https://…' all match no route (or not an account route).
  const match = matchRoute(value);
  if (!isAccountRoute(match.id)) return undefined;
  const rebuilt = routePath(match.id, match.platform ? { platform: match.platform } : {});
  return rebuilt === value ? rebuilt : undefined;
};
