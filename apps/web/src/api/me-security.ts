import {
  type ChangeEmailRequest,
  type ChangeEmailStarted,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  changeEmailStartedSchema,
  changePasswordResponseSchema,
  type EmailChanged,
  emailChangedSchema,
  meSecurityEndpoints,
  type Platform,
  resendCodeResponseSchema,
  type SecurityOverview,
  type SocialProvider,
  securityOverviewSchema,
  socialStartPath,
} from '@hub/core';
import type { CodeApi } from './auth';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const { get, post, delete: remove } = contractCalls(meSecurityEndpoints);

/** The "Sign-in & security" page's calls on core's contracts/me-security.ts. */
export const meSecurityApi = {
  overview: (options?: ApiRequestOptions): Promise<ApiResult<SecurityOverview>> =>
    get('overview', securityOverviewSchema, undefined, options),
  changePassword: (body: ChangePasswordRequest): Promise<ApiResult<ChangePasswordResponse>> =>
    post('password', changePasswordResponseSchema, body),
  startEmailChange: (body: ChangeEmailRequest): Promise<ApiResult<ChangeEmailStarted>> =>
    post('email', changeEmailStartedSchema, body),
  unlink: (provider: SocialProvider): Promise<ApiResult<SecurityOverview>> =>
    remove('provider', securityOverviewSchema, { provider }),
};

/** The email change's code step: the shared code boxes and resend, on the account center's endpoints. */
export const emailChangeCodeApi: CodeApi<EmailChanged> = {
  verify: (flowId, code) => post('emailVerify', emailChangedSchema, { flowId, code }),
  resend: (flowId) => post('emailResend', resendCodeResponseSchema, { flowId }),
};

/** Where the browser goes to link a provider to the signed-in account (a navigation, not a call). */
export const linkProviderHref = (provider: SocialProvider, platform: Platform) =>
  `${socialStartPath(provider)}?platform=${platform}&intent=link`;
