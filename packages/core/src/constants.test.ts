import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import { defaultToolId } from './constants.js';
import type { AppEnv, Platform } from './platform.js';

describe('constants (spec §9, docs/security.md)', () => {
  it('has the spec values', () => {
    const { defaultToolId: _fn, ...values } = constants;
    expect(values).toEqual({
      CODE_LENGTH: 6,
      CODE_INPUT_DEFAULT_BOXES: 4,
      RESEND_COUNTDOWN_SECONDS: 360,
      CODE_COMPARE_DELAY_MS: 1000,
      ERROR_RESET_DELAY_MS: 2000,
      REDIRECT_DELAY_MS: 1500,
      STARTUP_DELAY_MS: 1000,
      CHUNK_LOAD_TIMEOUT_MS: 120000,
      BREAKPOINT_MOBILE_MAX: 576,
      BREAKPOINT_TABLET_MAX: 992,
      DESKTOP_CARD_WIDTH: 496,
      TABLET_MAX_WIDTH: 460,
      MOBILE_PREFIX: '+63',
      MOBILE_DEVICE_PATH: '/devices/mobile',
      APP_VERSION: '2.1.67',
      SIGNUP_REF: 2,
      SIGNUP_PARENT_ID: 0,
      SWITCH_RETURN_ACCOUNT_TYPE: 3,
      MINIMUM_AGE: 18,
      DATA_REQUEST_RESPONSE_DAYS: 21,
      CURRENCY: 'Philippine Peso',
      TERMINATION_NOTICE_DAYS: 7,
      ARBITRATOR_COUNT: 3,
      ADR_AGREEMENT_DAYS: 14,
      ADR_SETTLEMENT_MONTHS: 2,
      COPYRIGHT_YEAR: 2023,
      CODE_TTL_SECONDS: 600,
      CODE_MAX_ATTEMPTS: 5,
    });
  });
});

describe('defaultToolId (spec §7, §9)', () => {
  it.each<[Platform, AppEnv, number]>([
    ['psl', 'production', 102],
    ['psl', 'sandbox', 18],
    ['psl', 'development', 18],
    ['psl', 'local', 18],
    ['biz', 'production', 103],
    ['biz', 'sandbox', 13],
    ['biz', 'development', 13],
    ['biz', 'local', 13],
  ])('%s in %s is %i', (platform, env, id) => {
    expect(defaultToolId(platform, env)).toBe(id);
  });

  it('is 0 for a value outside the platforms (spec: "else 0")', () => {
    expect(defaultToolId('personal' as Platform, 'production')).toBe(0);
  });
});
