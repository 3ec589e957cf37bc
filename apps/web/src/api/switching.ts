import {
  type DefaultPlatformStartRequest,
  type DefaultPlatformState,
  type DefaultPlatformStatus,
  defaultPlatformConfirmResponseSchema,
  defaultPlatformEndpoints,
  defaultPlatformStartResponseSchema,
  defaultPlatformStateResponseSchema,
  defaultPlatformStatusResponseSchema,
  type FlowContext,
  type LinkedRedirect,
  linkingEndpoints,
  linkingIdentifyResponseSchema,
  linkingPasswordResponseSchema,
  type Platform,
  type RedirectAnswer,
  type SecondFactorNeeded,
  switchingEndpoints,
  switchingIdentifyResponseSchema,
  switchingPasswordResponseSchema,
  type WorkAccountStatus,
  type WorkAccountVerifyResponse,
  workAccountEndpoints,
  workAccountFinalizeResponseSchema,
  workAccountResendResponseSchema,
  workAccountStatusResponseSchema,
  workAccountVerifyResponseSchema,
} from '@hub/core';
import type { AccountPasswordApi, CodeApi, PasswordSaver } from './auth';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

/**
 * Typed wrappers of switching (option1), linking to a parent (option2), the default platform
 * (option3) and the work-account invitation (core's contracts/switching.ts, linking.ts,
 * default-platform.ts and work-account.ts), checked against the contract's schemas as in api/auth.ts.
 */

const { get, post } = contractCalls({
  ...switchingEndpoints,
  ...linkingEndpoints,
  ...defaultPlatformEndpoints,
  ...workAccountEndpoints,
});

export type { DefaultPlatformState, DefaultPlatformStatus, LinkedRedirect, WorkAccountStatus };

const withContext = (context: FlowContext | undefined) => (context ? { context } : {});

/** Switching option1 (spec §4): the account on the other platform, then its password (the sync call). */
export const switchingApi = (platform: Platform, context: FlowContext | undefined): AccountPasswordApi => ({
  identify: (account) =>
    post('switchingIdentify', switchingIdentifyResponseSchema, {
      platform,
      account,
      ...withContext(context),
    }),
  checkPassword: (flowId, password): Promise<ApiResult<LinkedRedirect | SecondFactorNeeded>> =>
    post('switchingPassword', switchingPasswordResponseSchema, { flowId, password }),
});

/** Option2 (spec §7 linking/attempt): the parent account, then the parent's password. Needs a session. */
export const linkingApi = (platform: Platform, context: FlowContext | undefined): AccountPasswordApi => ({
  identify: (account) =>
    post('linkingIdentify', linkingIdentifyResponseSchema, { platform, account, ...withContext(context) }),
  checkPassword: (flowId, password): Promise<ApiResult<LinkedRedirect>> =>
    post('linkingPassword', linkingPasswordResponseSchema, { flowId, password }),
});

// Option3: the signed-in account's platforms, the choice, and its confirmation by password.
/** Also how option2 and option3 learn who is signed in: 401 session.required when nobody is. */
export const readDefaultPlatformState = (
  options?: ApiRequestOptions,
): Promise<ApiResult<DefaultPlatformState>> =>
  get('defaultPlatformState', defaultPlatformStateResponseSchema, {}, options);

export const chooseDefaultPlatform = (
  request: DefaultPlatformStartRequest,
): Promise<ApiResult<RedirectAnswer>> =>
  post('defaultPlatformStart', defaultPlatformStartResponseSchema, request);

export const defaultPlatformChoice = {
  status: (flowId: string, options?: ApiRequestOptions): Promise<ApiResult<DefaultPlatformStatus>> =>
    get('defaultPlatformStatus', defaultPlatformStatusResponseSchema, { flowId }, options),
  confirm: (flowId: string, password: string): Promise<ApiResult<RedirectAnswer>> =>
    post('defaultPlatformConfirm', defaultPlatformConfirmResponseSchema, { flowId, password }),
};

// The work-account invitation: its status, the code step, then the password set-up.
export const workAccountInvitation = {
  status: (flowId: string, options?: ApiRequestOptions): Promise<ApiResult<WorkAccountStatus>> =>
    get('workAccountStatus', workAccountStatusResponseSchema, { flowId }, options),
};

export const workAccountCodeApi: CodeApi<WorkAccountVerifyResponse> = {
  verify: (flowId, code) => post('workAccountVerify', workAccountVerifyResponseSchema, { flowId, code }),
  resend: (flowId) => post('workAccountResend', workAccountResendResponseSchema, { flowId }),
};

export const workAccountPasswordApi: PasswordSaver = {
  setPassword: (flowId, password) =>
    post('workAccountFinalize', workAccountFinalizeResponseSchema, { flowId, password }),
};
