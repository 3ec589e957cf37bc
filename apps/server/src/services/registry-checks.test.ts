import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, checkLogo, checkPathPrefix, checkTid, checkTsaKey } from './registry-checks.js';

describe('checkCallbackUrl', () => {
  it.each([
    ['production', 'https://cpa.example.ph/sso/account/auth'],
    ['production', 'https://cpa.example.ph/psl/sso/account/auth?tenant=a'],
    ['production', 'http://localhost:3001/t/18/sso/account/auth'],
    ['sandbox', 'http://127.0.0.1:4000/cb'],
    ['sandbox', 'http://[::1]:4000/cb'],
    ['development', 'http://cpa.dev.internal/sso/account/auth'],
    ['local', 'http://tool.test:3001/sso/account/auth'],
  ] as const)('%s accepts %s as given', (env, url) => {
    expect(checkCallbackUrl(url, env)).toEqual({ ok: true, value: url });
  });

  it.each([
    ['production', 'http://cpa.example.ph/sso/account/auth', 'must use https'],
    ['sandbox', 'http://cpa.example.ph/sso/account/auth', 'must use https'],
    ['production', 'ftp://cpa.example.ph/cb', 'must use https'],
    ['production', 'https://user:pw@cpa.example.ph/cb', 'user name or password'],
    ['production', 'https://cpa.example.ph@evil.example/cb', 'user name or password'],
    ['production', 'https://@cpa.example.ph/cb', 'user name or password'],
    ['production', 'https://cpa.example.ph/cb#top', 'fragment'],
    ['production', 'https://cpa.example.ph/cb#', 'fragment'],
    ['production', '/sso/account/auth', 'absolute URL'],
    ['production', 'cpa.example.ph/sso/account/auth', 'absolute URL'],
    ['production', 'javascript:alert(1)', 'absolute URL'],
    ['production', 'https://CPA.example.ph/cb', 'write it as https://cpa.example.ph/cb'],
    ['production', 'https://cpa.example.ph', 'write it as https://cpa.example.ph/'],
    ['production', 'https://cpa.example.ph:443/cb', 'write it as https://cpa.example.ph/cb'],
    ['production', ' https://cpa.example.ph/cb', 'absolute URL'],
    ['production', 'https://cpa.example.ph/a b', 'canonical form'],
    ['production', '', 'needs a --url'],
  ] as const)('%s refuses %j', (env, url, reason) => {
    const checked = checkCallbackUrl(url, env);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(reason);
  });

  it('never stores anything but what it was given, and nothing with a fragment or userinfo', () => {
    const env = fc.constantFrom('local', 'development', 'sandbox', 'production' as const);
    const input = fc.oneof(
      fc.webUrl({
        withFragments: true,
        withQueryParameters: true,
        authoritySettings: { withUserInfo: true },
      }),
      fc.string(),
    );
    fc.assert(
      fc.property(input, env, (url, e) => {
        const checked = checkCallbackUrl(url, e);
        if (!checked.ok) return;
        expect(checked.value).toBe(url);
        expect(new URL(url).href).toBe(url);
        expect(url).not.toContain('#');
        expect(new URL(url).username + new URL(url).password).toBe('');
        if (e === 'production' || e === 'sandbox')
          expect(
            new URL(url).protocol === 'https:' || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(url),
          ).toBe(true);
      }),
    );
  });
});

describe('the other checks', () => {
  it.each([
    ['18', true],
    ['999999999', true],
    ['0', false],
    ['018', false],
    ['1000000000', false],
    ['-1', false],
    ['1e3', false],
  ])('tid %s → %s', (input, ok) => expect(checkTid(input).ok).toBe(ok));

  it.each([
    ['CPA_REVIEW_RQX', true],
    ['MP_SSO_RQX', true],
    ['AB', false],
    ['cpa_review_rqx', false],
    ['CPA-REVIEW', false],
    ['A'.repeat(65), false],
  ])('tsa key %s → %s', (input, ok) => expect(checkTsaKey(input).ok).toBe(ok));

  it.each([
    ['/tool-logos/cpa.svg', true],
    ['https://cdn.example.ph/cpa.svg', true],
    ['http://cdn.example.ph/cpa.svg', false],
    ['javascript:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['//evil.example/x.svg', false],
  ])('logo %s → %s', (input, ok) => expect(checkLogo(input).ok).toBe(ok));

  it.each([
    ['', true],
    ['/psl', true],
    ['/psl/wallet', true],
    ['psl', false],
    ['/psl/', false],
    ['/psl/../x', false],
  ])('path prefix %j → %s', (input, ok) => expect(checkPathPrefix(input).ok).toBe(ok));
});
