import { ACCOUNT_STEP, isBusyStep, NEXT_STEP } from '@hub/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountPasswordEvent,
  type AccountPasswordState,
  accountPasswordReducer,
  CHECKING_PASSWORD_STEP,
  existingPasswordRefusal,
  formStep,
  IDENTIFYING_STEP,
  initialAccountPassword,
  SECOND_FACTOR_STEP,
} from './account-password-machine';

const flow = { flowId: 'f1', account: 'ada@example.com' };
const accountStep = initialAccountPassword;
const identifying: AccountPasswordState = {
  step: IDENTIFYING_STEP,
  flow: null,
  exit: null,
  secondFactor: null,
};
const passwordStep: AccountPasswordState = { step: NEXT_STEP, flow, exit: null, secondFactor: null };
const checking: AccountPasswordState = { step: CHECKING_PASSWORD_STEP, flow, exit: null, secondFactor: null };
const leaving: AccountPasswordState = { ...checking, exit: '/biz/' };
const secondFactor = { flowId: 'sf1', methods: ['totp', 'recovery'] as const };
const secondStep: AccountPasswordState = { ...checking, step: SECOND_FACTOR_STEP, secondFactor };
const needed: AccountPasswordEvent = { type: 'second_factor_needed', ...secondFactor };

const identified: AccountPasswordEvent = { type: 'identified', ...flow };
const accepted: AccountPasswordEvent = { type: 'password_accepted', location: '/biz/' };

describe('account/password: each transition', () => {
  const cases: Array<
    [string, AccountPasswordState, AccountPasswordEvent, AccountPasswordState | 'unchanged']
  > = [
    ['the account step sends the account', accountStep, { type: 'identify_started' }, identifying],
    ['a second submit while identifying is ignored', identifying, { type: 'identify_started' }, 'unchanged'],
    ['the password step does not identify again', passwordStep, { type: 'identify_started' }, 'unchanged'],
    ['a known account leads to its password step', identifying, identified, passwordStep],
    [
      'an identify failure goes back to the account step',
      identifying,
      { type: 'identify_failed' },
      accountStep,
    ],
    ['a late identify answer is ignored', accountStep, identified, 'unchanged'],
    ['a late identify failure is ignored', passwordStep, { type: 'identify_failed' }, 'unchanged'],
    ['the password step sends the password', passwordStep, { type: 'password_check_started' }, checking],
    ['a second submit while checking is ignored', checking, { type: 'password_check_started' }, 'unchanged'],
    [
      'the account step has no password to send',
      accountStep,
      { type: 'password_check_started' },
      'unchanged',
    ],
    ['a valid password shows its success, still busy', checking, accepted, leaving],
    [
      'a refused password goes back to the password step',
      checking,
      { type: 'password_refused' },
      passwordStep,
    ],
    ['after success a late refusal is ignored', leaving, { type: 'password_refused' }, 'unchanged'],
    ['after success a second success is ignored', leaving, accepted, 'unchanged'],
    ['a success outside the check is ignored', passwordStep, accepted, 'unchanged'],
    ['back from the password step forgets the account', passwordStep, { type: 'back' }, accountStep],
    ['back is ignored while the password is checked', checking, { type: 'back' }, 'unchanged'],
    ['back is ignored while leaving', leaving, { type: 'back' }, 'unchanged'],
    ['back is ignored while identifying', identifying, { type: 'back' }, 'unchanged'],
    ['the account step has no back', accountStep, { type: 'back' }, 'unchanged'],
    ['a right password of an account with a second factor goes to that step', checking, needed, secondStep],
    ['the second step is not reached without a password check', passwordStep, needed, 'unchanged'],
    [
      'a sign-in that must set up a second factor goes to the set-up',
      checking,
      { type: 'second_factor_needed', flowId: 'sf1', methods: [], enrol: true },
      { ...checking, step: SECOND_FACTOR_STEP, secondFactor: { flowId: 'sf1', methods: [], enrol: true } },
    ],
    ['the second step takes no password', secondStep, { type: 'password_check_started' }, 'unchanged'],
    [
      'a right second factor shows its success, then leaves',
      secondStep,
      { type: 'second_factor_accepted', location: '/biz/' },
      { ...secondStep, exit: '/biz/' },
    ],
    ['back from the second step starts over', secondStep, { type: 'back' }, accountStep],
    [
      'back is ignored once the second factor was right',
      { ...secondStep, exit: '/biz/' },
      { type: 'back' },
      'unchanged',
    ],
  ];

  it.each(cases)('%s', (_name, from, event, expected) => {
    const next = accountPasswordReducer(from, event);
    if (expected === 'unchanged') expect(next).toBe(from);
    else expect(next).toEqual(expected);
  });

  it('shows the form a busy step is busy with', () => {
    expect([ACCOUNT_STEP, IDENTIFYING_STEP, NEXT_STEP, CHECKING_PASSWORD_STEP].map(formStep)).toEqual([
      ACCOUNT_STEP,
      ACCOUNT_STEP,
      NEXT_STEP,
      NEXT_STEP,
    ]);
  });
});

describe('account/password: the existing-password rule', () => {
  it.each([
    ['', 'password.required'],
    ['12345', 'password.incorrect'],
    ['ab😀cd', 'password.incorrect'],
    ['123456', null],
    ['correct horse', null],
  ])('%j → %s', (password, refusal) => {
    expect(existingPasswordRefusal(password)).toBe(refusal);
  });

  it('refuses exactly the passwords under 6 characters (code points)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 12 }), (password) => {
        const refusal = existingPasswordRefusal(password);
        const length = [...password].length;
        expect(refusal).toBe(length === 0 ? 'password.required' : length < 6 ? 'password.incorrect' : null);
      }),
    );
  });
});

const anyEvent: fc.Arbitrary<AccountPasswordEvent> = fc.oneof(
  fc.constant<AccountPasswordEvent>({ type: 'identify_started' }),
  fc
    .record({ flowId: fc.string({ minLength: 1 }), account: fc.string({ minLength: 1 }) })
    .map((f): AccountPasswordEvent => ({ type: 'identified', ...f })),
  fc.constant<AccountPasswordEvent>({ type: 'identify_failed' }),
  fc.constant<AccountPasswordEvent>({ type: 'password_check_started' }),
  fc.webPath().map((location): AccountPasswordEvent => ({ type: 'password_accepted', location })),
  fc.constant<AccountPasswordEvent>({ type: 'password_refused' }),
  fc.constant<AccountPasswordEvent>({ type: 'back' }),
  fc.constant<AccountPasswordEvent>(needed),
  fc.webPath().map((location): AccountPasswordEvent => ({ type: 'second_factor_accepted', location })),
);

describe('account/password: properties', () => {
  it('any sequence of events leaves a consistent state', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 50 }), (events) => {
        let state = initialAccountPassword;
        for (const event of events) {
          const next = accountPasswordReducer(state, event);
          expect([
            ACCOUNT_STEP,
            IDENTIFYING_STEP,
            NEXT_STEP,
            CHECKING_PASSWORD_STEP,
            SECOND_FACTOR_STEP,
          ]).toContain(next.step);
          // The password and second steps always know their account; the account step never keeps one.
          expect(next.flow !== null).toBe(
            formStep(next.step) === NEXT_STEP || next.step === SECOND_FACTOR_STEP,
          );
          // The second step, and only it, knows its second-factor flow.
          expect(next.secondFactor !== null).toBe(next.step === SECOND_FACTOR_STEP);
          // A success is shown only while the step stays busy, and it is final.
          if (next.exit !== null) expect([CHECKING_PASSWORD_STEP, SECOND_FACTOR_STEP]).toContain(next.step);
          if (state.exit !== null) expect(next).toBe(state);
          // While busy, neither a submit nor 'back' changes anything.
          if (
            isBusyStep(state.step) &&
            ['identify_started', 'password_check_started', 'back'].includes(event.type)
          )
            expect(next).toBe(state);
          state = next;
        }
      }),
    );
  });
});
