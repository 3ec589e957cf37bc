import { describe, expect, it } from 'vitest';
import {
  canSubmitNewPassword,
  isBusyStep,
  layoutFor,
  loginHref,
  resetReturnRoute,
  startupAction,
} from './flow-rules.js';

describe('steps (spec §4)', () => {
  it('ignores a submit while the step is 10 or 20', () => {
    expect([1, 2, 10, 20, 3].map(isBusyStep)).toEqual([false, false, true, true, false]);
  });

  it('submits a new password only when idle, filled and fully valid', () => {
    expect(canSubmitNewPassword(1, 'Abcdef1!')).toBe(true);
    expect(canSubmitNewPassword(10, 'Abcdef1!')).toBe(false);
    expect(canSubmitNewPassword(20, 'Abcdef1!')).toBe(false);
    expect(canSubmitNewPassword(1, '')).toBe(false);
    expect(canSubmitNewPassword(1, 'Abcdefg1')).toBe(false);
  });
});

describe('resetReturnRoute (spec §4 "Reset password")', () => {
  it.each([
    ['switching1', 'switching_option1'],
    ['switching2', 'switching_option2'],
    ['tool_login', 'tool_login'],
    ['foundation', 'login'],
    [undefined, 'login'],
  ] as const)('rrf %j returns to %s', (rrf, route) => {
    expect(resetReturnRoute(rrf)).toBe(route);
  });
});

describe('startupAction (spec §4 "Application load")', () => {
  it.each([
    [
      { hasFrom: false, hasSavedToolSession: true, hasSainfo: false },
      { clearToolSession: true, reload: true },
    ],
    [
      { hasFrom: false, hasSavedToolSession: true, hasSainfo: true },
      { clearToolSession: true, reload: false },
    ],
    [
      { hasFrom: true, hasSavedToolSession: true, hasSainfo: false },
      { clearToolSession: false, reload: false },
    ],
    [
      { hasFrom: false, hasSavedToolSession: false, hasSainfo: false },
      { clearToolSession: false, reload: false },
    ],
  ])('%j → %j', (state, action) => {
    expect(startupAction(state)).toEqual(action);
  });
});

describe('loginHref (spec §2 password screens)', () => {
  it('carries from when present', () => {
    expect(loginHref('psl')).toBe('/psl/login');
    expect(loginHref('biz', '')).toBe('/biz/login');
    expect(loginHref('biz', '{"cb":"https://t.example/?a=1&b=2"}')).toBe(
      '/biz/login?from=%7B%22cb%22%3A%22https%3A%2F%2Ft.example%2F%3Fa%3D1%26b%3D2%22%7D',
    );
  });
});

describe('layoutFor (spec §1, §9)', () => {
  it.each([
    [320, 'mobile'],
    [576, 'mobile'],
    [577, 'tablet'],
    [992, 'tablet'],
    [993, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px is %s', (width, layout) => {
    expect(layoutFor(width)).toBe(layout);
  });
});
