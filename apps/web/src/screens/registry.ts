import { routeIds } from '@hub/core';
import type { ComponentType } from 'react';
import { type RetryableLazy, retryableLazy } from '../lib/chunk-loader';
import type { ScreenId } from './screen-id';
import type { ScreenProps } from './types';

export type { ScreenId } from './screen-id';

type ScreenImporter = () => Promise<{ default: ComponentType<ScreenProps> }>;

const legal: ScreenImporter = () => import('./Legal/index');
const account: ScreenImporter = () => import('./Account/index');

/** Each screen is its own chunk, loaded when its route is first shown. The three legal pages share one. */
const importers: Record<ScreenId, ScreenImporter> = {
  landing: () => import('./Landing/index'),
  login: () => import('./Login/index'),
  tool_login: () => import('./ToolLogin/index'),
  registration: () => import('./Registration/index'),
  registration_finalize: () => import('./RegistrationFinalize/index'),
  reset_password: () => import('./ResetPassword/index'),
  reset_password_finalize: () => import('./ResetPasswordFinalize/index'),
  switching_option1: () => import('./SwitchingOption1/index'),
  switching_option2: () => import('./SwitchingOption2/index'),
  switching_option3: () => import('./SwitchingOption3/index'),
  switching_option3_finalize: () => import('./SwitchingOption3Finalize/index'),
  work_account_verification: () => import('./WorkAccountVerification/index'),
  terms: legal,
  privacy: legal,
  cookies: legal,
  sso_rqx: () => import('./SsoRqx/index'),
  oidc_consent: () => import('./OidcConsent/index'),
  account,
  account_security: account,
  account_sessions: account,
  account_access: account,
  account_data: account,
  oidc_device: () => import('./OidcDevice/index'),
  // The operator console: its own chunk, nothing of it in the sign-in pages' first load.
  admin: () => import('./Admin/index'),
  not_found: () => import('./NotFound/index'),
};

/** The stable number shown in 'Loading chunk {n} failed': the screen's index in core's route table. */
export const chunkNumber = (id: ScreenId): number =>
  id === 'not_found' ? routeIds.length : routeIds.indexOf(id);

const screens = new Map<ScreenId, RetryableLazy<ScreenProps>>();

/** The (retryable) lazy screen for a route; created once per screen. */
export const screenFor = (id: ScreenId): RetryableLazy<ScreenProps> => {
  let screen = screens.get(id);
  if (!screen) {
    screen = retryableLazy(chunkNumber(id), importers[id]);
    screens.set(id, screen);
  }
  return screen;
};
