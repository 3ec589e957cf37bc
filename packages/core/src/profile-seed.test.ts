import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPrimeinfo,
  decodeProfileSeed,
  encodeProfileSeed,
  hasProfileNames,
  type ProfileSeed,
  primeinfoSchema,
} from './profile-seed.js';

const seedArb: fc.Arbitrary<ProfileSeed> = fc.record(
  {
    credential: fc.emailAddress(),
    first_name: fc.string({ maxLength: 30 }),
    last_name: fc.string({ maxLength: 30 }),
    middle_name: fc.string({ maxLength: 30 }),
    suffix: fc.string({ maxLength: 5 }),
    contact_info: fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
      fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    ),
    other_info: fc.record(
      {
        birthdate: fc.constant('1990-01-31'),
        gender: fc.string({ maxLength: 10 }),
        civil_status: fc.string({ maxLength: 10 }),
      },
      { requiredKeys: [] },
    ),
    profile: fc.record({ profile_picture: fc.webUrl(), cover_picture: fc.webUrl() }, { requiredKeys: [] }),
  },
  { requiredKeys: ['credential'] },
);

describe('ubr_profile seed (spec §2, §3)', () => {
  it('decodes the credential and names', () => {
    expect(
      decodeProfileSeed('{"credential":"a@b.co","first_name":"Ana","last_name":"Cruz","token":"x"}'),
    ).toEqual({
      ok: true,
      value: { credential: 'a@b.co', first_name: 'Ana', last_name: 'Cruz' },
    });
  });

  it('accepts a seed without names (sign-up still starts)', () => {
    expect(decodeProfileSeed('{"credential":"a@b.co"}').ok).toBe(true);
  });

  it.each([
    ['{"first_name":"Ana","last_name":"Cruz"}', 'no credential'],
    ['{"credential":""}', 'an empty credential'],
    ['{"credential":"a@b.co","contact_info":{"_id":"x"}}', 'a contact key not starting with a letter'],
    ['{"credential":"a@b.co","contact_info":{"phone":{"nested":1}}}', 'a nested contact value'],
    ['{"credential":"a@b.co","other_info":"single"}', 'other_info that is not an object'],
  ])('refuses %s (%s)', (raw) => {
    expect(decodeProfileSeed(raw).ok).toBe(false);
  });

  it('drops a __proto__ contact key instead of setting the prototype', () => {
    const result = decodeProfileSeed(
      '{"credential":"a@b.co","contact_info":{"__proto__":{"x":1},"phone":"1"}}',
    );
    expect(result).toEqual({ ok: true, value: { credential: 'a@b.co', contact_info: { phone: '1' } } });
    if (result.ok) expect(Object.getPrototypeOf(result.value.contact_info)).toBe(Object.prototype);
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        expect(decodeProfileSeed(encodeProfileSeed(seed))).toEqual({ ok: true, value: seed });
      }),
    );
  });
});

describe('buildPrimeinfo (spec §3, §5 "Profile creation")', () => {
  it('builds the payload without the credential when both names are present', () => {
    const seed = {
      credential: 'a@b.co',
      first_name: 'Ana',
      last_name: 'Cruz',
      other_info: { gender: 'female' },
    };
    expect(buildPrimeinfo('u1', seed)).toEqual({
      aid: 'u1',
      first_name: 'Ana',
      last_name: 'Cruz',
      other_info: { gender: 'female' },
    });
  });

  it.each([
    [{ credential: 'a@b.co', first_name: 'Ana' }],
    [{ credential: 'a@b.co', last_name: 'Cruz' }],
    [{ credential: 'a@b.co', first_name: '  ', last_name: 'Cruz' }],
    [{ credential: 'a@b.co' }],
  ])('creates no profile for %j', (seed) => {
    expect(hasProfileNames(seed)).toBe(false);
    expect(buildPrimeinfo('u1', seed)).toBeNull();
  });

  it('builds a payload the primeinfo schema accepts whenever it builds one', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const payload = buildPrimeinfo('u1', seed);
        expect(payload === null).toBe(!hasProfileNames(seed));
        if (payload) expect(primeinfoSchema.safeParse(payload).success).toBe(true);
      }),
    );
  });
});
