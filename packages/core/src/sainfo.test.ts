import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKinds } from './account-kind.js';
import { decodeSainfo, encodeSainfo, isReturnFlow, returnFlows, type Sainfo, switchRefs } from './sainfo.js';

const sainfoArb: fc.Arbitrary<Sainfo> = fc.record(
  {
    va: fc.constantFrom(...accountKinds),
    account: fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
    step: fc.integer({ min: 0, max: 99 }),
    srf: fc.constantFrom(...switchRefs),
    aid: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    paid: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    rrf: fc.constantFrom(...returnFlows),
    ref: fc.string({ maxLength: 50 }),
    default: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean()),
  },
  { requiredKeys: [] },
);

describe('sainfo (spec §3)', () => {
  it('decodes a typical value', () => {
    const raw =
      '{"va":"email","account":"dW5hdXRoX2FAYi5jbw","step":2,"srf":"default","aid":17,"rrf":"switching1"}';
    expect(decodeSainfo(raw)).toEqual({
      ok: true,
      value: {
        va: 'email',
        account: 'dW5hdXRoX2FAYi5jbw',
        step: 2,
        srf: 'default',
        aid: '17',
        rrf: 'switching1',
      },
    });
  });

  it('drops unknown keys', () => {
    expect(decodeSainfo('{"va":"username","admin":true,"__proto__":{"x":1}}')).toEqual({
      ok: true,
      value: { va: 'username' },
    });
  });

  it.each([
    ['{"va":"phone"}', 'an unknown account kind'],
    ['{"srf":"other"}', 'an unknown switch reference'],
    ['{"rrf":"home"}', 'an unknown return flow'],
    ['{"step":1.5}', 'a fractional step'],
    ['{"step":"2"}', 'a step as text'],
    ['{"account":"not base64!"}', 'an account that is not encoded'],
    ['{"aid":"1 OR 1=1"}', 'an aid with foreign characters'],
    [`{"ref":"${'r'.repeat(300)}"}`, 'an over-long ref'],
    [`{"ref":"${'r'.repeat(4100)}"}`, 'more than 4 KiB'],
  ])('refuses %s (%s)', (raw) => {
    const result = decodeSainfo(raw);
    expect(result.ok).toBe(false);
  });

  it('round-trips any sainfo', () => {
    fc.assert(
      fc.property(sainfoArb, (sainfo) => {
        expect(decodeSainfo(encodeSainfo(sainfo))).toEqual({ ok: true, value: sainfo });
      }),
    );
  });

  it('round-trips through a query string', () => {
    fc.assert(
      fc.property(sainfoArb, (sainfo) => {
        const query = new URLSearchParams({ sainfo: encodeSainfo(sainfo) }).toString();
        expect(decodeSainfo(new URLSearchParams(query).get('sainfo'))).toEqual({ ok: true, value: sainfo });
      }),
    );
  });

  it('knows the return flows', () => {
    expect(returnFlows).toEqual(['foundation', 'switching1', 'switching2', 'tool_login']);
    expect(switchRefs).toEqual(['default', '!default']);
    expect(isReturnFlow('tool_login')).toBe(true);
    expect(isReturnFlow('login')).toBe(false);
  });
});
