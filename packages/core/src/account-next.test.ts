import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_NEXT_MAX_LENGTH, accountNextPath } from './account-next.js';
import { accountRouteIds, routePath } from './routes.js';

describe('accountNextPath', () => {
  it('accepts every page of the account center, with and without the platform tab', () => {
    for (const id of accountRouteIds) {
      expect(accountNextPath(routePath(id))).toBe(routePath(id));
      for (const platform of ['psl', 'biz'] as const)
        expect(accountNextPath(routePath(id, { platform }))).toBe(routePath(id, { platform }));
    }
    expect(accountNextPath('/biz/account/security')).toBe('/biz/account/security');
  });

  it('refuses anything that is not exactly one of those paths: no open redirect', () => {
    for (const value of [
      undefined,
      null,
      '',
      '/',
      '/psl/login',
      '/termsandconditions',
      '/account/',
      '/account/nope',
      '/account?next=/x',
      '/account#top',
      '/Account',
      '/xyz/account',
      '/psl/ubr/ubr_main/account',
      '//evil.test/account',
      '///evil.test/account',
      '/\\evil.test/account',
      '\\\\evil.test/account',
      'https://evil.test/account',
      'http:/account',
      'javascript:alert(1)//account',
      ' /account',
      '/account ',
      '/account\n',
      '/account%2F..',
      '/%61ccount',
      '/./account',
      '/psl/../account',
      `/account${'/x'.repeat(ACCOUNT_NEXT_MAX_LENGTH)}`,
    ])
      expect(accountNextPath(value), String(value)).toBeUndefined();
  });

  it('only ever returns a same-origin account center path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const path = accountNextPath(value);
        if (path === undefined) return;
        expect(path).toBe(value);
        expect(path).toMatch(/^\/((psl|biz)\/)?account(\/(security|sessions|access|data))?$/);
      }),
    );
  });
});
