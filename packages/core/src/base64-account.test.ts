import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Account, decodeBase64Url, encodeBase64Account } from './base64-account.js';

const accountText = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 200 })
  .filter((s) => !/\p{Cc}/u.test(s));

describe('decodeBase64Account (spec §2 password screens)', () => {
  it.each([
    ['dW5hdXRoX3VzZXJAZXhhbXBsZS5jb20=', 'unauth_user@example.com'],
    ['dW5hdXRoX3VzZXJAZXhhbXBsZS5jb20', 'unauth_user@example.com'],
    ['am9zw6k_', 'josé?'],
    ['am9zw6k/', 'josé?'],
    ['am9zw6k-', 'josé>'],
    ['am9zw6k+', 'josé>'],
    ['am9zw6k ', 'josé>'],
    ['OTE3MTIzNDU2Nw==', '9171234567'],
  ])('decodes %j as %j', (encoded, decoded) => {
    expect(decodeBase64Account(encoded)).toEqual({ ok: true, value: decoded });
  });

  it.each([
    ['empty', ''],
    ['a single trailing character is not base64', 'a'],
    ['outside the alphabet', 'abc$'],
    ['three padding characters', 'YQ==='],
    ['bytes that are not UTF-8', '/w'],
    ['a control character', 'AA'],
    ['too long', 'x'.repeat(5000)],
  ])('refuses %s', (_reason, encoded) => {
    const result = decodeBase64Account(encoded);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('codec.malformed');
  });

  it('encodes base64url without padding', () => {
    expect(encodeBase64Account('josé?')).toBe('am9zw6k_');
    expect(encodeBase64Account('unauth_user@example.com')).toBe('dW5hdXRoX3VzZXJAZXhhbXBsZS5jb20');
  });

  it('round-trips any account text, and the encoding is URL-safe', () => {
    fc.assert(
      fc.property(accountText, (text) => {
        const encoded = encodeBase64Account(text);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeBase64Account(encoded)).toEqual({ ok: true, value: text });
      }),
    );
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (input) => {
        const result = decodeBase64Url(input);
        expect(typeof result.ok).toBe('boolean');
        decodeBase64Account(input);
      }),
    );
  });
});
