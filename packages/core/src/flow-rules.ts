import { BREAKPOINT_MOBILE_MAX, BREAKPOINT_TABLET_MAX } from './constants.js';
import { isPasswordAccepted } from './password.js';
import type { Platform } from './platform.js';
import type { RouteId } from './routes.js';
import type { ReturnFlow } from './sainfo.js';

/** Spec §4: step numbers of the auth forms. 1 is account entry, 2 the next stage, 10 and 20 busy. */
export const ACCOUNT_STEP = 1;
export const NEXT_STEP = 2;
export const busySteps = [10, 20] as const;

/** Spec §4: a submit is ignored while the step is 10 or 20. */
export const isBusyStep = (step: number): boolean => (busySteps as readonly number[]).includes(step);

/** Spec §4 "Finalize": submit does nothing while busy, with an empty password, or one not fully valid. */
export const canSubmitNewPassword = (step: number, password: string): boolean =>
  !isBusyStep(step) && password !== '' && isPasswordAccepted(password);

/** Spec §4 "Reset password": after success the redirect follows rrf; without one it goes to login. */
export const resetReturnRoute = (rrf: ReturnFlow | undefined): RouteId => {
  switch (rrf) {
    case 'switching1':
      return 'switching_option1';
    case 'switching2':
      return 'switching_option2';
    case 'tool_login':
      return 'tool_login';
    default:
      return 'login';
  }
};

/**
 * Spec §4 "Application load": with no 'from' param, a saved tool session is removed; then, unless a
 * sainfo param exists, the page reloads to its own path.
 */
export const startupAction = (state: {
  hasFrom: boolean;
  hasSavedToolSession: boolean;
  hasSainfo: boolean;
}): { clearToolSession: boolean; reload: boolean } => {
  const clearToolSession = !state.hasFrom && state.hasSavedToolSession;
  return { clearToolSession, reload: clearToolSession && !state.hasSainfo };
};

/** Spec §2 password screens: the login link goes to /{platform}/login and carries 'from' when present. */
export const loginHref = (platform: Platform, from?: string | null): string =>
  from ? `/${platform}/login?${new URLSearchParams({ from }).toString()}` : `/${platform}/login`;

/** Spec §1, §9: mobile is 576 px or less, tablet 577 to 992 px, desktop above. */
export const layoutFor = (widthPx: number): 'mobile' | 'tablet' | 'desktop' => {
  if (widthPx <= BREAKPOINT_MOBILE_MAX) return 'mobile';
  if (widthPx <= BREAKPOINT_TABLET_MAX) return 'tablet';
  return 'desktop';
};
