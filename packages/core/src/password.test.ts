import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPasswordAccepted,
  isPasswordCriterion,
  LOGIN_PASSWORD_MIN_LENGTH,
  meetsLoginMinimum,
  newPasswordError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordCriterion,
  passwordCriteria,
  passwordHints,
  passwordLength,
  passwordsEqual,
  scorePassword,
  strengthMeter,
  unmetHints,
} from './password.js';

const all = passwordCriteria;

describe('scorePassword (spec §5)', () => {
  it.each<[string, number, PasswordCriterion[]]>([
    ['', 5, []],
    ['a', 4, ['lower_case']],
    ['A', 4, ['upper_case']],
    ['1', 4, ['number']],
    ['#', 4, ['symbol']],
    [' ', 5, []],
    ['        ', 4, ['length']],
    ['abcdefg', 4, ['lower_case']],
    ['abcdefgh', 3, ['lower_case', 'length']],
    ['Abcdefgh', 2, ['lower_case', 'upper_case', 'length']],
    ['Abcdefg1', 1, ['lower_case', 'upper_case', 'number', 'length']],
    ['Abcdef1!', 0, [...all]],
    ['Ab1!', 1, ['lower_case', 'upper_case', 'number', 'symbol']],
    ['Ab1 defgh', 1, ['lower_case', 'upper_case', 'number', 'length']],
    ['Ab1\tdefgh', 1, ['lower_case', 'upper_case', 'number', 'length']],
    ['Ab1_defgh', 0, [...all]],
    ['Émile٣ßx', 1, ['lower_case', 'upper_case', 'number', 'length']],
    ['Жж٣😀', 1, ['lower_case', 'upper_case', 'number', 'symbol']],
    ['日本語のパスワード', 4, ['length']],
    ['😀😀😀😀😀😀😀', 4, ['symbol']],
    ['😀😀😀😀😀😀😀😀', 3, ['length', 'symbol']],
  ])('scores %j as %i', (pw, score, met) => {
    const result = scorePassword(pw);
    expect(result.score).toBe(score);
    expect(result.met).toEqual(met);
    expect(result.unmet).toEqual(all.filter((c) => !met.includes(c)));
  });

  it('counts code points, not UTF-16 units', () => {
    expect(passwordLength('😀😀')).toBe(2);
    expect(passwordLength('Abc1!')).toBe(5);
  });

  it('always scores 0..5, equal to 5 - met, with met and unmet partitioning the criteria', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (pw) => {
        const { score, met, unmet } = scorePassword(pw);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(5);
        expect(score).toBe(5 - met.length);
        expect([...met, ...unmet].sort()).toEqual([...all].sort());
      }),
    );
  });

  it('appending characters never raises the score', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (pw, more) => {
        expect(scorePassword(pw + more).score).toBeLessThanOrEqual(scorePassword(pw).score);
      }),
    );
  });

  it('adding a missing criterion lowers the score by one', () => {
    const samples: Record<PasswordCriterion, string> = {
      lower_case: 'a',
      upper_case: 'A',
      number: '7',
      symbol: '@',
      length: '',
    };
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 6 }),
        fc.constantFrom(...all),
        (pw, criterion) => {
          fc.pre(criterion !== 'length' && !scorePassword(pw).met.includes(criterion));
          const before = scorePassword(pw).score;
          expect(scorePassword(pw + samples[criterion]).score).toBeLessThanOrEqual(before - 1);
        },
      ),
    );
  });
});

describe('hints (spec §5)', () => {
  it('lists the five texts word for word, in order', () => {
    expect(passwordHints.map((h) => h.text)).toEqual([
      'Minimum of 8 characters',
      'Lower case',
      'Upper case',
      'Number (123)',
      'Symbol (eg. @*#-)',
    ]);
    expect(passwordHints.map((h) => h.criterion).sort()).toEqual([...all].sort());
  });

  it('hides met hints', () => {
    expect(unmetHints('')).toHaveLength(5);
    expect(unmetHints('abc')).toEqual([
      'Minimum of 8 characters',
      'Upper case',
      'Number (123)',
      'Symbol (eg. @*#-)',
    ]);
    expect(unmetHints('Abcdefg1')).toEqual(['Symbol (eg. @*#-)']);
    expect(unmetHints('Abcdef1!')).toEqual([]);
  });
});

describe('strengthMeter (spec §4)', () => {
  it.each([
    [5, null],
    [4, { label: 'Poor', tone: 'danger', width: '35%' }],
    [3, { label: 'Poor', tone: 'danger', width: '35%' }],
    [2, { label: 'Average', tone: 'warning', width: '65%' }],
    [1, { label: 'Average', tone: 'warning', width: '65%' }],
    [0, { label: 'Strong', tone: 'success', width: '100%' }],
    [-1, null],
    [6, null],
    [1.5, null],
    [Number.NaN, null],
  ])('score %d shows %j', (score, meter) => {
    expect(strengthMeter(score)).toEqual(meter);
  });
});

describe('acceptance and limits (spec §4, §5, §9)', () => {
  it('has the spec lengths', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(LOGIN_PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(isPasswordCriterion('symbol')).toBe(true);
    expect(isPasswordCriterion('sc')).toBe(false);
  });

  it('accepts only score 0', () => {
    expect(isPasswordAccepted('Abcdef1!')).toBe(true);
    expect(isPasswordAccepted('Abcdefg1')).toBe(false);
    fc.assert(fc.property(fc.string(), (pw) => isPasswordAccepted(pw) === (scorePassword(pw).score === 0)));
  });

  it('accepts 128 and 256 characters, never truncates, and refuses 257', () => {
    const base = 'Ab1!';
    expect(isPasswordAccepted(base.repeat(32))).toBe(true);
    expect(isPasswordAccepted(base.repeat(64))).toBe(true);
    expect(isPasswordAccepted(`${base.repeat(64)}x`)).toBe(false);
    expect(newPasswordError(`${base.repeat(64)}x`)).toBe('password.too_long');
  });

  it('checks the login minimum of 6 code points', () => {
    expect(meetsLoginMinimum('12345')).toBe(false);
    expect(meetsLoginMinimum('123456')).toBe(true);
    expect(meetsLoginMinimum('😀😀😀😀😀')).toBe(false);
  });

  it('compares the confirmation exactly', () => {
    expect(passwordsEqual('Abcdef1!', 'Abcdef1!')).toBe(true);
    expect(passwordsEqual('Abcdef1!', 'abcdef1!')).toBe(false);
    expect(passwordsEqual('Abcdef1!', 'Abcdef1! ')).toBe(false);
  });

  it.each([
    ['', undefined, 'password.required'],
    ['Abcdefg1', undefined, 'password.too_weak'],
    ['Abcdef1!', 'Abcdef1?', 'password.not_equal'],
    ['Abcdef1!', 'Abcdef1!', null],
    ['Abcdef1!', undefined, null],
  ])('newPasswordError(%j, %j) is %j', (pw, confirmation, code) => {
    expect(newPasswordError(pw, confirmation)).toBe(code);
  });
});
