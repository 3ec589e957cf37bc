import {
  type MeLogoutRequest,
  type MeProfile,
  type MeProfileRequest,
  meContinueEndpoints,
  meContinueResponseSchema,
  meLogoutEndpoints,
  meLogoutResponseSchema,
  meProfileEndpoints,
  meProfileResponseSchema,
  meProfileSchema,
  type PersonName,
  type Platform,
  type RedirectAnswer,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const profile = contractCalls(meProfileEndpoints);
const logout = contractCalls(meLogoutEndpoints);
const cont = contractCalls(meContinueEndpoints);

/** The account center's shell: the Profile page, log out, and the landing cards' 'Continue'. */
export const meShellApi = {
  profile: (options?: ApiRequestOptions): Promise<ApiResult<MeProfile>> =>
    profile.get('profile', meProfileSchema, undefined, options),
  changeName: (body: MeProfileRequest): Promise<ApiResult<{ name: PersonName }>> =>
    profile.post('profile', meProfileResponseSchema, body),
  logOut: (body: MeLogoutRequest = {}): Promise<ApiResult<RedirectAnswer>> =>
    logout.post('logout', meLogoutResponseSchema, body),
  continueTo: (platform: Platform): Promise<ApiResult<RedirectAnswer>> =>
    cont.post('continue', meContinueResponseSchema, { platform }),
};
