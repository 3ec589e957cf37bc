import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entries, platforms } from './platform.js';
import { matchRoute, type RouteId, routeIds, routePath } from './routes.js';

const fixed: [string, RouteId][] = [
  ['/', 'landing'],
  ['/termsandconditions', 'terms'],
  ['/privacy-policy', 'privacy'],
  ['/cookiepolicy', 'cookies'],
  ['/sso/rqx', 'sso_rqx'],
  ['/account', 'account'],
  ['/account/security', 'account_security'],
  ['/account/sessions', 'account_sessions'],
  ['/account/access', 'account_access'],
  ['/account/data', 'account_data'],
  ['/device', 'oidc_device'],
  ['/admin', 'admin'],
];

// Spec §2 route table, after /{platform}.
const platformRoutes: [string, RouteId][] = [
  ['/login', 'login'],
  ['/tool/login', 'tool_login'],
  ['/registration', 'registration'],
  ['/registration/finalize', 'registration_finalize'],
  ['/reset/password', 'reset_password'],
  ['/reset/password/finalize', 'reset_password_finalize'],
  ['/switching/option1', 'switching_option1'],
  ['/switching/option2', 'switching_option2'],
  ['/switching/option3', 'switching_option3'],
  ['/switching/option3/finalize', 'switching_option3_finalize'],
  ['/comp/account/verification', 'work_account_verification'],
  ['/oidc/consent', 'oidc_consent'],
  ['/account', 'account'],
  ['/account/security', 'account_security'],
  ['/account/sessions', 'account_sessions'],
  ['/account/access', 'account_access'],
  ['/account/data', 'account_data'],
];

const withEntry = new Set<RouteId>(['registration', 'registration_finalize']);

describe('matchRoute (spec §2)', () => {
  it.each(fixed)('%s is %s', (path, id) => {
    expect(matchRoute(path)).toEqual({ id });
  });

  it.each(
    platforms.flatMap((platform) =>
      platformRoutes.map(([rest, id]) => [`/${platform}${rest}`, id, platform]),
    ),
  )('%s is %s on %s', (path, id, platform) => {
    expect(matchRoute(path)).toEqual({ id, platform });
  });

  it.each(
    platforms.flatMap((platform) =>
      entries.flatMap((entry) =>
        platformRoutes.map(([rest, id]) => [
          `/${platform}/ubr/${entry}${rest}`,
          withEntry.has(id) ? id : 'not_found',
        ]),
      ),
    ),
  )('%s is %s (ubr entries only on registration and its finalize)', (path, id) => {
    const match = matchRoute(path);
    expect(match.id).toBe(id);
    if (id !== 'not_found')
      expect(match).toMatchObject({ platform: path.slice(1, 4), entry: path.split('/')[3] });
  });

  it.each([
    '/xyz/login',
    '/psl/login/extra',
    '/psl/login/',
    '/PSL/login',
    '/psl/Login',
    '/psl/ubr/bad/registration',
    '/psl/ubr/ubr_main',
    '/psl/ubr/registration',
    '/psl/ubr/ubr_main/ubr/ubr_main/registration',
    '/psl//login',
    '/personal/login',
    '/psl',
    '/psl/',
    '/sso/rqx/',
    '/termsandconditions/',
    '/psl/termsandconditions',
    'psl/login',
    '',
    'constructor',
    '__proto__',
    'toString',
  ])('%j is not_found', (path) => {
    expect(matchRoute(path)).toEqual({ id: 'not_found' });
  });

  it('answers a known route id or not_found for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webPath()), (path) => {
        const { id } = matchRoute(path);
        expect(id === 'not_found' || (routeIds as readonly string[]).includes(id)).toBe(true);
      }),
    );
  });
});

describe('routePath', () => {
  it('is the inverse of matchRoute for every route, platform and allowed entry', () => {
    const fixedIds = new Set(fixed.map(([, id]) => id));
    const routeArb = fc.record({
      id: fc.constantFrom(...routeIds),
      platform: fc.constantFrom(...platforms),
      entry: fc.option(fc.constantFrom(...entries), { nil: undefined }),
    });
    fc.assert(
      fc.property(routeArb, ({ id, platform, entry }) => {
        const params = fixedIds.has(id)
          ? {}
          : withEntry.has(id) && entry
            ? { platform, entry }
            : { platform };
        expect(matchRoute(routePath(id, params))).toEqual({ id, ...params });
      }),
    );
  });

  it('builds the spec paths', () => {
    expect(routePath('landing')).toBe('/');
    expect(routePath('login', { platform: 'biz' })).toBe('/biz/login');
    expect(routePath('registration_finalize', { platform: 'psl', entry: 'ubr_profile' })).toBe(
      '/psl/ubr/ubr_profile/registration/finalize',
    );
    expect(routePath('login', { platform: 'psl', entry: 'ubr_main' })).toBe('/psl/login');
  });

  it('lists every route once', () => {
    const listed = new Set([...fixed, ...platformRoutes].map(([, id]) => id));
    expect([...routeIds].sort()).toEqual([...listed].sort());
  });

  it('keeps the platform tab in the account center when one is given', () => {
    expect(routePath('account')).toBe('/account');
    expect(routePath('account', { platform: 'biz' })).toBe('/biz/account');
    expect(routePath('account_sessions', { platform: 'psl' })).toBe('/psl/account/sessions');
  });
});
