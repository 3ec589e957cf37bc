import { describe, expect, it } from 'vitest';
import { checkPersonName } from './me-profile.js';

describe('checkPersonName', () => {
  it('trims, keeps names of any script and stores an empty middle name or suffix as none', () => {
    expect(
      checkPersonName({ first: '  Ma.  Clara ', middle: '', last: 'De la Cruz', suffix: ' Jr. ' }),
    ).toEqual({
      ok: true,
      name: { first: 'Ma. Clara', middle: null, last: 'De la Cruz', suffix: 'Jr.' },
    });
    expect(
      checkPersonName({ first: 'Ñino', middle: 'O’Brien-Santos', last: 'Nguyễn', suffix: '3rd' }),
    ).toMatchObject({
      ok: true,
    });
    // A decomposed 'é' is stored composed.
    const decomposed = checkPersonName({ first: 'Rene\u0301', last: 'Cruz' });
    expect(decomposed.ok && decomposed.name.first).toBe('René');
  });

  it('refuses a missing first or last name, naming the field', () => {
    expect(checkPersonName({ first: ' ', last: 'Cruz' })).toEqual({
      ok: false,
      code: 'name.required',
      field: 'first',
    });
    expect(checkPersonName({ first: 'Juan', last: '' })).toEqual({
      ok: false,
      code: 'name.required',
      field: 'last',
    });
  });

  it('refuses digits, markup, control and direction characters, and names past their length', () => {
    for (const bad of ['Juan2', '<b>Juan</b>', 'Ju\u0007an', 'Juan\u202Eevil', '-Juan', "'", 'Juan\nCruz'])
      expect(checkPersonName({ first: bad, last: 'Cruz' }), JSON.stringify(bad)).toMatchObject({
        ok: false,
        code: 'name.invalid',
        field: 'first',
      });
    expect(checkPersonName({ first: 'Juan', last: 'Cruz', suffix: 'Jr.<' })).toMatchObject({
      field: 'suffix',
    });
    expect(checkPersonName({ first: 'a'.repeat(101), last: 'Cruz' })).toMatchObject({
      code: 'name.too_long',
    });
    expect(checkPersonName({ first: 'a'.repeat(100), last: 'Cruz' }).ok).toBe(true);
    expect(checkPersonName({ first: 'Juan', last: 'Cruz', suffix: 'x'.repeat(21) })).toMatchObject({
      code: 'name.too_long',
      field: 'suffix',
    });
  });
});
