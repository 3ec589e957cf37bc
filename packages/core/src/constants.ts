import type { AppEnv, Platform } from './platform.js';

/** Spec §9: a verification code has 6 digits. */
export const CODE_LENGTH = 6;
/** Spec §5: the generic code input shows 4 boxes unless told otherwise. */
export const CODE_INPUT_DEFAULT_BOXES = 4;
/** Spec §4, §9: 'Resend code after N sec.' counts down from 360 s. */
export const RESEND_COUNTDOWN_SECONDS = 360;
/** Spec §4, §9: the entered code is compared after about 1 s. */
export const CODE_COMPARE_DELAY_MS = 1000;
/** Spec §4, §9: 'Verification code is incorrect' turns into 'Re-enter verification code' after 2 s. */
export const ERROR_RESET_DELAY_MS = 2000;
/** Spec §4, §9: redirect 1.5 s after a success notice. */
export const REDIRECT_DELAY_MS = 1500;
/** Spec §2, §9: the loading logo shows for 1 s before routes render. */
export const STARTUP_DELAY_MS = 1000;
/** Spec §8, §9: a lazily loaded screen fails after 120000 ms. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Spec §1, §9: mobile is 576 px or less, tablet 577 to 992 px, desktop above 992 px. */
export const BREAKPOINT_MOBILE_MAX = 576;
export const BREAKPOINT_TABLET_MAX = 992;
/** Spec §9: desktop card width and tablet maximum width, in px. */
export const DESKTOP_CARD_WIDTH = 496;
export const TABLET_MAX_WIDTH = 460;

/** Spec §2, §9: a mobile_num is displayed with this prefix. */
export const MOBILE_PREFIX = '+63';
/** Spec §9: the mobile device path. */
export const MOBILE_DEVICE_PATH = '/devices/mobile';
/** Spec §9: the version logged at start-up. */
export const APP_VERSION = '2.1.67';

/** Spec §3, §9: the sign-up payload carries ref 2 and parent_id 0. */
export const SIGNUP_REF = 2;
export const SIGNUP_PARENT_ID = 0;
/** Spec §4, §9: account type set on the auth info when returning from switching to a tool. */
export const SWITCH_RETURN_ACCOUNT_TYPE = 3;

/** Spec §1, §9: legal terms. */
export const MINIMUM_AGE = 18;
export const DATA_REQUEST_RESPONSE_DAYS = 21;
export const CURRENCY = 'Philippine Peso';
export const TERMINATION_NOTICE_DAYS = 7;
export const ARBITRATOR_COUNT = 3;
export const ADR_AGREEMENT_DAYS = 14;
export const ADR_SETTLEMENT_MONTHS = 2;
/** Spec §2: the footer's copyright line is for 2023. */
export const COPYRIGHT_YEAR = 2023;

/** docs/security.md "Codes": codes expire after 10 minutes and burn after 5 wrong tries. */
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Spec §7, §9: the tool id used for sign-up when neither the session nor the context names one.
 * Personal 102 in production and 18 otherwise; Business 103 in production and 13 otherwise; else 0.
 */
export const defaultToolId = (platform: Platform, env: AppEnv): number => {
  const production = env === 'production';
  switch (platform) {
    case 'psl':
      return production ? 102 : 18;
    case 'biz':
      return production ? 103 : 13;
    default:
      return 0;
  }
};
