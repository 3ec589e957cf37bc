import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPlatformExitUrl,
  buildToolCallbackUrl,
  type CallbackParamsFamily,
  callbackParamsFamily,
  isSafeSubcb,
} from './tool-callback.js';
import { type TsaKey, tsaKeys } from './tools.js';

const cb = 'https://tool.example/sso/account/auth';
const full = { cb, ainfo: 'JWS', tid: 18, platform: 'psl', pricing: 'p1', subcb: '/after' } as const;

// Spec §4 "Login": ainfo, then the family's extras, then ref=auth, subcb and ref_a_frnd where present.
const table: Record<TsaKey, [CallbackParamsFamily, string]> = {
  TOOL_MARKET_PREVIEW_SSO_RQX: ['market_preview', 'ainfo=JWS&market_preview=18&platform=psl&subcb=%2Fafter'],
  MP_SSO_RQX: ['plain', 'ainfo=JWS&subcb=%2Fafter'],
  MP_MARKET_CHECKOUT_SSO_RQX: ['market_checkout', 'ainfo=JWS&platform=psl&tid=18&pricing=p1&subcb=%2Fafter'],
  MP_DIRECT_CHECKOUT_RQX: [
    'direct_checkout',
    'ainfo=JWS&platform=psl&tid=18&pricing=p1&ref=auth&subcb=%2Fafter',
  ],
  PFSHP_SSO_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFSHP_SSO_DIRECT_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PHRC_SSO_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PHRC_SSO_DIRECT_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PCHT_SSO_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFJOB_SSO_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFJOB_SSO_DIRECT_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFREFERRAL_SSO_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFREFERRAL_SSO_DIRECT_RQX: ['partner', 'ainfo=JWS&platform=psl&ref=auth&subcb=%2Fafter'],
  PFPAYMESHARE_SSO_RQX: ['plain', 'ainfo=JWS&subcb=%2Fafter'],
  PFPAYMESHARE_SSO_DIRECT_RQX: ['plain', 'ainfo=JWS&subcb=%2Fafter'],
};

describe('buildToolCallbackUrl over every tsa key (spec §4)', () => {
  it.each(tsaKeys.map((key) => [key, ...table[key]] as const))('%s: %s → ?%s', (tsaKey, family, query) => {
    expect(callbackParamsFamily(tsaKey)).toBe(family);
    expect(buildToolCallbackUrl({ ...full, tsaKey })).toBe(`${cb}?${query}`);
  });

  it.each(tsaKeys.map((key) => [key] as const))(
    '%s: returning from switching adds ref=auth exactly once',
    (tsaKey) => {
      const url = new URL(buildToolCallbackUrl({ ...full, tsaKey, accountType3: true, refAFrnd: 'R' }));
      expect(url.searchParams.getAll('ref')).toEqual(['auth']);
      expect([...url.searchParams.keys()].slice(-2)).toEqual(['subcb', 'ref_a_frnd']);
      expect([...url.searchParams.keys()][0]).toBe('ainfo');
    },
  );
});

describe('buildToolCallbackUrl details', () => {
  it('treats a missing or unknown key as plain', () => {
    expect(callbackParamsFamily(undefined)).toBe('plain');
    expect(callbackParamsFamily('CPA_TOOL')).toBe('plain');
    expect(buildToolCallbackUrl({ cb, ainfo: 'a.b.c' })).toBe(`${cb}?ainfo=a.b.c`);
  });

  it('puts the final params in order: ref=auth, subcb, ref_a_frnd', () => {
    expect(buildToolCallbackUrl({ cb, ainfo: 'A', subcb: 'S', refAFrnd: 'R', accountType3: true })).toBe(
      `${cb}?ainfo=A&ref=auth&subcb=S&ref_a_frnd=R`,
    );
  });

  it('returns a tool’s own state last, and only when it sent one', () => {
    const state = 'Zm9vYmFyYmF6cXV4LTEyMw';
    expect(buildToolCallbackUrl({ cb, ainfo: 'A', subcb: 'S', refAFrnd: 'R', state })).toBe(
      `${cb}?ainfo=A&subcb=S&ref_a_frnd=R&state=${state}`,
    );
    expect(buildToolCallbackUrl({ cb: `${cb}?state=forged`, ainfo: 'A', state })).toBe(
      `${cb}?ainfo=A&state=${state}`,
    );
  });

  it('keeps the existing query and hash of cb, and replaces a param of ours already there', () => {
    expect(
      buildToolCallbackUrl({
        cb: 'https://t.example/cb?lang=en&ainfo=old#top',
        ainfo: 'new',
        tsaKey: 'PCHT_SSO_RQX',
        platform: 'biz',
      }),
    ).toBe('https://t.example/cb?lang=en&ainfo=new&platform=biz&ref=auth#top');
  });

  it('leaves out absent and empty values', () => {
    expect(
      buildToolCallbackUrl({ cb, ainfo: 'A', tsaKey: 'MP_MARKET_CHECKOUT_SSO_RQX', tid: 7, pricing: '' }),
    ).toBe(`${cb}?ainfo=A&tid=7`);
  });

  it('encodes values so no param can be smuggled in', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (ainfo, subcb) => {
        fc.pre(ainfo !== '');
        const url = new URL(buildToolCallbackUrl({ cb, ainfo, subcb }));
        expect(url.origin + url.pathname).toBe(cb);
        expect(url.searchParams.get('ainfo')).toBe(ainfo);
        expect(url.searchParams.getAll('ainfo')).toHaveLength(1);
        if (subcb !== '') expect(url.searchParams.get('subcb')).toBe(subcb);
      }),
    );
  });
});

describe('buildPlatformExitUrl (spec §2 "Exit after login")', () => {
  it('appends /sso/account/auth with ainfo and subcb', () => {
    expect(buildPlatformExitUrl('https://psl.example', 'A', '/x')).toBe(
      'https://psl.example/sso/account/auth?ainfo=A&subcb=%2Fx',
    );
    expect(buildPlatformExitUrl('https://biz.example/', 'A')).toBe(
      'https://biz.example/sso/account/auth?ainfo=A',
    );
  });
});

describe('isSafeSubcb: the one subcb rule of every exit', () => {
  it.each(['/orders/7', 'plans', '/a:b?x=1#top', 'orders/7?tab=2', '/%2F%2Fevil.test'])(
    'passes %j',
    (subcb) => {
      expect(isSafeSubcb(subcb)).toBe(true);
    },
  );

  it.each([
    ' //evil.test/x',
    '//evil.test/x',
    '\\\\evil.test',
    '/\\evil.test',
    '\t/x',
    '/x\n',
    '/x\u0000',
    '/x\u0085',
    '/x\u00a0y',
    '/x\u2028',
    '\ufeff//evil.test',
    '\u200b//evil.test',
    'https://evil.test/x',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'x'.repeat(2049),
  ])('refuses %j', (subcb) => {
    expect(isSafeSubcb(subcb)).toBe(false);
  });

  it('refuses any value that holds whitespace, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000'),
        fc.string(),
        (a, ws, b) => {
          expect(isSafeSubcb(`${a}${ws}${b}`)).toBe(false);
        },
      ),
    );
  });
});
