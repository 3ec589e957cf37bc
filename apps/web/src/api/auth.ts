import {
  type AccountView,
  authEndpoints,
  type CodeSent,
  codeSentSchema,
  type FlowContext,
  type FlowStatus,
  flowStatusResponseSchema,
  type LoginIdentifyRequest,
  type LoginIdentifyResponse,
  loginIdentifyResponseSchema,
  loginPasswordResponseSchema,
  type RedirectAnswer,
  type ResendCodeResponse,
  type ResetStartRequest,
  redirectSchema,
  resendCodeResponseSchema,
  type SignInAnswer,
  type SignupStartRequest,
  type SignupStartResponse,
  signupStartResponseSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

/**
 * Typed wrappers of the sign-up, login and reset API (core's contracts/auth.ts). Every answer is
 * checked against the contract's schema: a success that does not match it is reported as an
 * 'internal' failure, so a screen never works on a half-understood answer.
 */

type Endpoint = keyof typeof authEndpoints;

const { get, post } = contractCalls(authEndpoints);

export type { CodeSent, FlowContext, FlowStatus, RedirectAnswer };

/** The password step an account step leads to (or a redirect, as login's may). */
export type IdentifyAnswer = { next: 'password'; flowId: string; account: AccountView } | RedirectAnswer;

/** An account step, then a password step: login, switching option1 and linking to a parent (option2). */
export interface AccountPasswordApi {
  identify(account: string): Promise<ApiResult<IdentifyAnswer>>;
  /** The exit, or the second step when the account confirms its sign-ins with a second factor. */
  checkPassword(flowId: string, password: string): Promise<ApiResult<SignInAnswer>>;
}

// Login (spec §4 "Login")
export const identifyLoginAccount = (
  request: LoginIdentifyRequest,
): Promise<ApiResult<LoginIdentifyResponse>> => post('loginIdentify', loginIdentifyResponseSchema, request);

export const checkLoginPassword = (flowId: string, password: string): Promise<ApiResult<SignInAnswer>> =>
  post('loginPassword', loginPasswordResponseSchema, { flowId, password });

// Sign-up (spec §4 "Sign-up")
export const requestSignupCode = (request: SignupStartRequest): Promise<ApiResult<SignupStartResponse>> =>
  post('signupStart', signupStartResponseSchema, request);

// Reset password (spec §4 "Reset password"): the account always gets a code (or an error).
export const requestResetCode = (request: ResetStartRequest): Promise<ApiResult<CodeSent>> =>
  post('resetStart', codeSentSchema, request);

/**
 * The code step's calls; sign-up, reset and the work-account invitation have the same shape on
 * different endpoints. `T` is the answer to a verified code (sign-up and reset: the finalize screen).
 */
export interface CodeApi<T = RedirectAnswer> {
  verify(flowId: string, code: string): Promise<ApiResult<T>>;
  resend(flowId: string): Promise<ApiResult<ResendCodeResponse>>;
}

const codeApi = (verify: Endpoint, resend: Endpoint): CodeApi => ({
  verify: (flowId, code) => post(verify, redirectSchema, { flowId, code }),
  resend: (flowId) => post(resend, resendCodeResponseSchema, { flowId }),
});

export const signupCodeApi: CodeApi = codeApi('signupVerify', 'signupResend');
export const resetCodeApi: CodeApi = codeApi('resetVerify', 'resetResend');

/** The finalize screen's calls: the flow's status first, then the new password. */
export interface FinalizeApi {
  status(flowId: string, options?: ApiRequestOptions): Promise<ApiResult<FlowStatus>>;
  setPassword(flowId: string, password: string): Promise<ApiResult<RedirectAnswer>>;
}

/** What the password set-up form needs: only the call that saves the new password. */
export type PasswordSaver = Pick<FinalizeApi, 'setPassword'>;

const finalizeApi = (status: Endpoint, finalize: Endpoint): FinalizeApi => ({
  status: (flowId, options) => get(status, flowStatusResponseSchema, { flowId }, options),
  setPassword: (flowId, password) => post(finalize, redirectSchema, { flowId, password }),
});

export const signupFinalizeApi: FinalizeApi = finalizeApi('signupStatus', 'signupFinalize');
export const resetFinalizeApi: FinalizeApi = finalizeApi('resetStatus', 'resetFinalize');
