import { accountNextPath } from '@hub/core';

/** A screen path carrying the tool-session `from` when present (spec §2: links keep it). */
export const withFrom = (path: string, from: string | null | undefined): string =>
  from ? `${path}?${new URLSearchParams({ from }).toString()}` : path;

/**
 * A screen path carrying `from` and the OpenID Connect interaction (`oidc`) when present: the links
 * between login and sign-up keep both, so a person who switches screens during a client's sign-in
 * still ends it (docs/oidc.md).
 */
export const withSignInContext = (
  path: string,
  { from, oidc }: { from: string | null | undefined; oidc: string | null | undefined },
): string => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (oidc) query.set('oidc', oidc);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * A screen path that also carries the account center page to return to (`next`), when the page's
 * own `next` names one (core accountNextPath): the sign-up reached from a login sent by /account
 * comes back there too. Any other value is left behind.
 */
export const withNext = (path: string, next: string | null | undefined): string => {
  const back = accountNextPath(next);
  if (!back) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ next: back }).toString()}`;
};
