import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64Json } from '../codecs.js';
import { accountIdSchema, toolIdSchema } from '../ids.js';
import { decodeProfileSeed } from '../profile-seed.js';
import { decodeRefAFrnd } from '../referral.js';
import { decodeSainfo } from '../sainfo.js';
import { decodeToolSession } from '../tool-session.js';
import { loginIdentifyRequestSchema, signupStartRequestSchema, verifyCodeRequestSchema } from './auth.js';
import {
  findUnstorableText,
  isStorableText,
  STORED_INTEGER_MAX,
  storedIntegerSchema,
  text,
  truncateText,
} from './input.js';
import { workAccountInviteRequestSchema } from './work-account.js';

/** Any UTF-16 unit, so lone surrogates and NUL turn up as often as anything else. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) });
/** What PostgreSQL would hand back for `value`: the UTF-8 round trip, and NUL refused. */
const roundTrips = (value: string) =>
  !value.includes('\u0000') && new TextDecoder().decode(new TextEncoder().encode(value)) === value;

describe('the string rule', () => {
  it('accepts exactly the text PostgreSQL stores and gives back unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(anyUnits, fc.string({ unit: 'binary' })), (value) => {
        expect(isStorableText(value)).toBe(roundTrips(value));
      }),
    );
    for (const good of ['', 'Maria Clara', 'ñ', '😀', 'a\tb\nc', '\u007f', '\uFFFD']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'a\uDC00', '\uDE00\uD83D', '😀'.slice(0, 1)]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('is part of every free-text field of the API contracts', () => {
    expect(text(10).safeParse('a\u0000').success).toBe(false);
    expect(text(10).safeParse('fine').success).toBe(true);
    expect(text(3).safeParse('four').success).toBe(false);
    for (const account of ['a\u0000b', 'a\uD800b']) {
      const login = loginIdentifyRequestSchema.safeParse({ platform: 'psl', account });
      expect(login.error?.issues[0]?.path).toEqual(['account']);
      expect(signupStartRequestSchema.safeParse({ platform: 'psl', account }).success).toBe(false);
      expect(workAccountInviteRequestSchema.safeParse({ email: account }).success).toBe(false);
    }
    const context = loginIdentifyRequestSchema.safeParse({
      platform: 'psl',
      account: 'a@b.ph',
      context: { from: '\u0000' },
    });
    expect(context.error?.issues[0]?.path).toEqual(['context', 'from']);
    expect(verifyCodeRequestSchema.safeParse({ flowId: 'f'.repeat(16), code: '12\u00003' }).success).toBe(
      false,
    );
  });

  it('finds a bad string anywhere in a parsed JSON value, keys included, without naming the key', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: 'x\u0000' }] })).toBe('a.2.b');
    expect(findUnstorableText('\uD800')).toBe('');
    expect(findUnstorableText({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(findUnstorableText({ a: ['ok'], b: null, c: 1.5, d: true })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('truncates without leaving half of a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(300), (value, max) => {
        const cut = truncateText(value, max);
        expect(isStorableText(cut) || !isStorableText(value)).toBe(true);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(value.startsWith(cut)).toBe(true);
      }),
    );
    expect(truncateText('ab😀', 3)).toBe('ab');
    expect(truncateText('ab😀', 4)).toBe('ab😀');
  });
});

describe('the integer rule', () => {
  it('takes the non-negative integers a 32-bit integer column holds, and nothing else', () => {
    for (const good of [0, 1, 18, STORED_INTEGER_MAX])
      expect(storedIntegerSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      STORED_INTEGER_MAX + 1,
      99999999999999,
      -1,
      1.5,
      Number.NaN,
      Infinity,
      2 ** 53 + 2,
      '1',
    ]) {
      expect(storedIntegerSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('bounds tool ids, as numbers and as decimal strings', () => {
    expect(toolIdSchema.parse('2147483647')).toBe(STORED_INTEGER_MAX);
    for (const bad of [2147483648, '2147483648', '99999999999999', 99999999999999, -1]) {
      expect(toolIdSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    // Account ids are text in storage: a big number is only read as its digits.
    expect(accountIdSchema.parse(99999999999999)).toBe('99999999999999');
  });
});

describe('the codecs drop what storage could not hold (the value is ignored, as any malformed one)', () => {
  const toolSession = { cb: 'https://tool.example/cb', tid: 18, tinfo: [], expiration: '' };

  it('refuses tool sessions with an out-of-range tid or unstorable text', () => {
    expect(decodeToolSession(JSON.stringify(toolSession)).ok).toBe(true);
    for (const bad of [
      { ...toolSession, tid: 2147483648 },
      { ...toolSession, tid: '99999999999999' },
      { ...toolSession, tinfo: [{ tid: 18, name: 'x', logo: '', type: 2 ** 40 }] },
      { ...toolSession, pricing: '\u0000' },
      { ...toolSession, subcb: 'a\uD800' },
      { ...toolSession, cb: 'https://tool.example/\u0000' },
      { ...toolSession, unknown: { 'x\u0000': 1 } },
    ]) {
      expect(decodeToolSession(JSON.stringify(bad)).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses referral links with numbers past the columns', () => {
    const link = { tid: 18, aid: 'a1', ref_from: 4 };
    expect(decodeRefAFrnd(encodeBase64Json(link)).ok).toBe(true);
    for (const bad of [
      { ...link, tid: 99999999999999 },
      { ...link, ref_from: 99999999999999 },
      { ...link, tid: 2147483648 },
      { ...link, ref_from: -1 },
    ]) {
      expect(decodeRefAFrnd(encodeBase64Json(bad)).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses profile seeds and sainfo with a NUL or a lone surrogate in any text', () => {
    const seed = { credential: 'a@b.ph', first_name: 'Maria', last_name: 'Clara' };
    expect(decodeProfileSeed(JSON.stringify(seed)).ok).toBe(true);
    for (const bad of [
      { ...seed, first_name: '\u0000' },
      { ...seed, last_name: '\uDC00' },
      { ...seed, contact_info: { phone: 'x\u0000' } },
      { ...seed, other_info: { gender: '\u0000' } },
    ]) {
      expect(decodeProfileSeed(JSON.stringify(bad)).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(decodeSainfo('{"ref":"x"}').ok).toBe(true);
    expect(decodeSainfo('{"ref":"\\u0000"}').ok).toBe(false);
    expect(decodeSainfo('{"default":"\\ud800"}').ok).toBe(false);
  });
});
