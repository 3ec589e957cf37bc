import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from './base64-account.js';
import {
  buildReferral,
  decodeRefAFrnd,
  encodeRefAFrnd,
  REFERRED_FROM_TOOL,
  type RefAFrnd,
} from './referral.js';

const refArb: fc.Arbitrary<RefAFrnd> = fc.record({
  tid: fc.nat(),
  aid: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  ref_from: fc.nat(),
});

describe('ref_a_frnd (spec §3)', () => {
  it('is base64url of the JSON, with no padding', () => {
    const encoded = encodeRefAFrnd({ tid: 18, aid: 'u1', ref_from: 2 });
    expect(encoded).toBe(encodeBase64Url('{"tid":18,"aid":"u1","ref_from":2}'));
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('decodes standard base64 too, and numeric ids', () => {
    expect(decodeRefAFrnd(btoa('{"tid":"18","aid":42,"ref_from":0,"x":1}'))).toEqual({
      ok: true,
      value: { tid: 18, aid: '42', ref_from: 0 },
    });
  });

  it.each([
    ['plain JSON', '{"tid":1,"aid":"a","ref_from":1}'],
    ['missing ref_from', encodeBase64Url('{"tid":1,"aid":"a"}')],
    ['negative ref_from', encodeBase64Url('{"tid":1,"aid":"a","ref_from":-1}')],
    ['base64 of garbage', encodeBase64Url('not json')],
  ])('refuses %s', (_reason, raw) => {
    expect(decodeRefAFrnd(raw).ok).toBe(false);
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(refArb, (ref) => {
        expect(decodeRefAFrnd(encodeRefAFrnd(ref))).toEqual({ ok: true, value: ref });
      }),
    );
  });
});

describe('buildReferral (spec §3, §4)', () => {
  const referral = { tid: 18, aid: 'referrer', ref_from: 4 };

  it('marks tool flows with referred_from 1', () => {
    expect(REFERRED_FROM_TOOL).toBe(1);
    expect(buildReferral({ referral, referredUserId: 'new', viaTool: true })).toEqual({
      tool: 18,
      referrer_user_id: 'referrer',
      referred_user_id: 'new',
      referred_from: 1,
    });
  });

  it("uses the referrer's ref_from in the plain flow", () => {
    expect(buildReferral({ referral, referredUserId: 'new', viaTool: false }).referred_from).toBe(4);
  });
});
