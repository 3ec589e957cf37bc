import { ACCOUNT_STEP, isPasswordAccepted } from '@hub/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canStartSaving,
  canSubmit,
  initialPasswordSetup,
  type NewPassword,
  type PasswordSetupEvent,
  type PasswordSetupState,
  passwordSetupReducer,
  repassRefusal,
  SAVING_PASSWORD_STEP,
  submitRefusal,
} from './password-setup-machine';

const idle = initialPasswordSetup;
const saving: PasswordSetupState = { step: SAVING_PASSWORD_STEP, target: null };
const saved: PasswordSetupState = { step: SAVING_PASSWORD_STEP, target: '/biz/' };
const strong = 'Str0ng!pass';

describe('password set-up: each transition', () => {
  const cases: Array<[string, PasswordSetupState, PasswordSetupEvent, PasswordSetupState | 'unchanged']> = [
    ['a valid submit starts saving', idle, { type: 'save_started' }, saving],
    ['a second submit while saving is ignored', saving, { type: 'save_started' }, 'unchanged'],
    ['a submit after success is ignored', saved, { type: 'save_started' }, 'unchanged'],
    [
      'saved: the target is kept and the step stays busy',
      saving,
      { type: 'saved', location: '/biz/' },
      saved,
    ],
    ['a failure lets the person try again', saving, { type: 'save_failed' }, idle],
    ['a late failure after success is ignored', saved, { type: 'save_failed' }, 'unchanged'],
    ['a second success is ignored', saved, { type: 'saved', location: '/elsewhere' }, 'unchanged'],
    ['an answer with nothing saving is ignored', idle, { type: 'saved', location: '/biz/' }, 'unchanged'],
    ['a failure with nothing saving is ignored', idle, { type: 'save_failed' }, 'unchanged'],
  ];
  it.each(cases)('%s', (_name, from, event, expected) => {
    const next = passwordSetupReducer(from, event);
    if (expected === 'unchanged') expect(next).toBe(from);
    else expect(next).toEqual(expected);
  });
});

describe('password set-up: what may be sent', () => {
  const one = (password: string): NewPassword => ({ password, repass: '', confirm: false });
  const two = (password: string, repass: string): NewPassword => ({ password, repass, confirm: true });

  it.each([
    ['empty', one(''), { field: 'password', code: 'password.required' }],
    ['too weak', one('password'), { field: 'password', code: 'password.too_weak' }],
    ['too long', one(`${strong}${'a'.repeat(256)}`), { field: 'password', code: 'password.too_long' }],
    ['strong, one field', one(strong), null],
    ['strong, confirmed', two(strong, strong), null],
    [
      'strong, confirmation differs',
      two(strong, `${strong}x`),
      { field: 'repass', code: 'password.not_equal' },
    ],
    [
      'weak and different: the password comes first',
      two('weak', 'other'),
      { field: 'password', code: 'password.too_weak' },
    ],
  ] as const)('%s', (_name, input, refusal) => {
    expect(submitRefusal(input)).toEqual(refusal);
    expect(canSubmit(idle, input)).toBe(refusal === null);
  });

  it.each([
    ['differs', two(strong, 'x'), 'password.not_equal'],
    ['matches', two(strong, strong), null],
    ['left empty', two(strong, ''), null],
    ['one-field screen', one(strong), null],
  ] as const)('leaving the confirmation when it %s', (_name, input, refusal) => {
    expect(repassRefusal(input)).toBe(refusal);
  });

  it('the button is disabled while saving and after success, whatever is typed', () => {
    for (const state of [saving, saved]) {
      expect(canSubmit(state, two(strong, strong))).toBe(false);
      expect(canStartSaving(state)).toBe(false);
    }
    expect(canStartSaving(idle)).toBe(true);
  });
});

const anyInput: fc.Arbitrary<NewPassword> = fc
  .record({
    password: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(strong)),
    repass: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(strong)),
    confirm: fc.boolean(),
    // Half the time the confirmation is typed the same, so matching pairs are well covered.
    same: fc.boolean(),
  })
  .map(({ same, ...input }) => (same ? { ...input, repass: input.password } : input));

const anyEvent: fc.Arbitrary<PasswordSetupEvent> = fc.oneof(
  fc.constant<PasswordSetupEvent>({ type: 'save_started' }),
  fc.webPath().map((location): PasswordSetupEvent => ({ type: 'saved', location })),
  fc.constant<PasswordSetupEvent>({ type: 'save_failed' }),
);

describe('password set-up: properties', () => {
  it('the button is enabled exactly when a submit would be sent', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom(idle, saving, saved), (input, state) => {
        const sendable = canStartSaving(state) && submitRefusal(input) === null;
        expect(canSubmit(state, input)).toBe(sendable);
        if (canSubmit(state, input)) expect(isPasswordAccepted(input.password)).toBe(true);
      }),
    );
  });

  it('any sequence of events leaves a consistent state; a success is final', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
        let state = initialPasswordSetup;
        for (const event of events) {
          const next = passwordSetupReducer(state, event);
          expect([ACCOUNT_STEP, SAVING_PASSWORD_STEP]).toContain(next.step);
          if (next.target !== null) expect(next.step).toBe(SAVING_PASSWORD_STEP);
          if (state.target !== null) expect(next).toBe(state);
          state = next;
        }
      }),
    );
  });
});
