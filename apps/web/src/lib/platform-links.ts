import { isAccountRoute, matchRoute, type Platform, platforms, routePath } from '@hub/core';

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Spec §1: a header tab sets the first path segment to psl or biz, keeping the rest of the path
 * and the query (/psl/login?from=… → /biz/login?from=…). The account center without a platform
 * (/account) keeps its page (/biz/account); other pages outside a platform (the landing page) go
 * to the platform's login.
 */
export const platformTabHref = (location: LocationLike, target: Platform): string => {
  const route = matchRoute(location.pathname);
  if (isAccountRoute(route.id) && !route.platform) return routePath(route.id, { platform: target });
  const [, first, ...rest] = location.pathname.split('/');
  if (!(platforms as readonly string[]).includes(first ?? ''))
    return routePath('login', { platform: target });
  return `/${[target, ...rest].join('/')}${location.search}${location.hash}`;
};
