import { type Entry, entryPrefix, isEntry, isPlatform, type Platform } from './platform.js';

/** Spec §2: every screen of the product, in the order the route table is tested. */
export const routeIds = [
  'landing',
  'login',
  'tool_login',
  'registration',
  'registration_finalize',
  'reset_password',
  'reset_password_finalize',
  'switching_option1',
  'switching_option2',
  'switching_option3',
  'switching_option3_finalize',
  'work_account_verification',
  'terms',
  'privacy',
  'cookies',
  'sso_rqx',
  // Not in the spec: the consent an OpenID Connect client that is not first-party asks for.
  'oidc_consent',
  // Not in the spec: the account center, where a signed-in person manages their own account.
  'account',
  'account_security',
  'account_sessions',
  'account_access',
  'account_data',
  // Not in the spec: where a person types the code a device shows (OpenID Connect device flow, RFC 8628).
  'oidc_device',
  // Not in the spec: the operator console (docs/console.md); the server answers 404 for it to
  // anyone who holds no console role.
  'admin',
] as const;
export type RouteId = (typeof routeIds)[number];

export type RouteMatch =
  | { id: RouteId; platform?: Platform; entry?: Entry }
  | { id: 'not_found'; platform?: undefined; entry?: undefined };

/** Path after /{platform} (and /ubr/{entry} where allowed) for each platform route. */
const platformRoutes: ReadonlyArray<{ id: RouteId; rest: string; entryAllowed?: boolean }> = [
  { id: 'login', rest: '/login' },
  { id: 'tool_login', rest: '/tool/login' },
  { id: 'registration', rest: '/registration', entryAllowed: true },
  { id: 'registration_finalize', rest: '/registration/finalize', entryAllowed: true },
  { id: 'reset_password', rest: '/reset/password' },
  { id: 'reset_password_finalize', rest: '/reset/password/finalize' },
  { id: 'switching_option1', rest: '/switching/option1' },
  { id: 'switching_option2', rest: '/switching/option2' },
  { id: 'switching_option3', rest: '/switching/option3' },
  { id: 'switching_option3_finalize', rest: '/switching/option3/finalize' },
  { id: 'work_account_verification', rest: '/comp/account/verification' },
  { id: 'oidc_consent', rest: '/oidc/consent' },
  { id: 'account', rest: '/account' },
  { id: 'account_security', rest: '/account/security' },
  { id: 'account_sessions', rest: '/account/sessions' },
  { id: 'account_access', rest: '/account/access' },
  { id: 'account_data', rest: '/account/data' },
];

/** The account center's pages, in the order its navigation lists them. */
export const accountRouteIds = [
  'account',
  'account_security',
  'account_sessions',
  'account_access',
  'account_data',
] as const satisfies readonly RouteId[];
export type AccountRouteId = (typeof accountRouteIds)[number];
export const isAccountRoute = (id: RouteId | 'not_found'): id is AccountRouteId =>
  (accountRouteIds as readonly string[]).includes(id);

const fixedRoutes: Readonly<Record<string, RouteId>> = {
  '/': 'landing',
  '/termsandconditions': 'terms',
  '/privacy-policy': 'privacy',
  '/cookiepolicy': 'cookies',
  '/sso/rqx': 'sso_rqx',
  // The account center without a platform tab in the path (the header's menu links here).
  '/account': 'account',
  '/account/security': 'account_security',
  '/account/sessions': 'account_sessions',
  '/account/access': 'account_access',
  '/account/data': 'account_data',
  '/device': 'oidc_device',
  '/admin': 'admin',
};

/**
 * Spec §2: routes are exact matches; {platform} is psl or biz; the ubr entries add /ubr/{entry}
 * to the sign-up paths; anything else is the 'Error 404' page. Query and hash are not part of the path.
 */
export const matchRoute = (pathname: string): RouteMatch => {
  // Own keys only: 'constructor', 'toString' or '__proto__' must not match through Object.prototype.
  const fixed = Object.hasOwn(fixedRoutes, pathname) ? fixedRoutes[pathname] : undefined;
  if (fixed) return { id: fixed };
  const segments = pathname.split('/');
  // segments[0] is '' for an absolute path.
  if (segments[0] !== '' || !isPlatform(segments[1])) return { id: 'not_found' };
  const platform = segments[1];
  let rest = `/${segments.slice(2).join('/')}`;
  let entry: Entry | undefined;
  if (segments[2] === 'ubr') {
    if (!isEntry(segments[3])) return { id: 'not_found' };
    entry = segments[3];
    rest = `/${segments.slice(4).join('/')}`;
  }
  const route = platformRoutes.find((r) => r.rest === rest && (entry === undefined || r.entryAllowed));
  if (!route) return { id: 'not_found' };
  return entry ? { id: route.id, platform, entry } : { id: route.id, platform };
};

/** Builds the path of a screen; the inverse of matchRoute for every route but not_found. */
export const routePath = (id: RouteId, params: { platform?: Platform; entry?: Entry } = {}): string => {
  const route = platformRoutes.find((r) => r.id === id);
  // The account center has both forms: with the platform tab kept (/psl/account) and without.
  const fixed = Object.entries(fixedRoutes).find(([, routeId]) => routeId === id);
  if (fixed && !(route && params.platform)) return fixed[0];
  if (!route || !params.platform) throw new Error(`route ${id} needs a platform`);
  const prefix = route.entryAllowed ? entryPrefix(params.entry) : '';
  return `/${params.platform}${prefix}${route.rest}`;
};
