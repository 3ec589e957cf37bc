import {
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
  type SignupStartRequest,
  type SignupStartResponse,
  signupStartResponseSchema,
  toApiError,
} from '@hub/core';
import { type ApiPath, type ApiRequestOptions, type ApiResult, apiGet, apiPost } from './client';

/**
 * Typed wrappers of the sign-up, login and reset API (core's contracts/auth.ts). Every answer is
 * checked against the contract's schema: a success that does not match it is reported as an
 * 'internal' failure, so a screen never works on a half-understood answer.
 */

type Endpoint = keyof typeof authEndpoints;

/** core names the endpoints with their /api prefix; the client adds that prefix itself. */
const pathOf = (endpoint: Endpoint): ApiPath => authEndpoints[endpoint].replace(/^\/api/, '') as ApiPath;

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const checked = async <T>(
  endpoint: Endpoint,
  schema: Schema<T>,
  pending: Promise<ApiResult<unknown>>,
): Promise<ApiResult<T>> => {
  const result = await pending;
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (parsed.success) return { ok: true, status: result.status, data: parsed.data };
  console.warn(`${authEndpoints[endpoint]}: the answer does not match the contract`, result.data);
  return { ok: false, status: result.status, error: toApiError('internal') };
};

const post = <T>(endpoint: Endpoint, schema: Schema<T>, body: unknown): Promise<ApiResult<T>> =>
  checked(endpoint, schema, apiPost<unknown>(pathOf(endpoint), body));

const get = <T>(
  endpoint: Endpoint,
  schema: Schema<T>,
  query: Record<string, string>,
  options?: ApiRequestOptions,
): Promise<ApiResult<T>> => checked(endpoint, schema, apiGet<unknown>(pathOf(endpoint), query, options));

export type { CodeSent, FlowContext, FlowStatus, RedirectAnswer };

// Login (spec §4 "Login")
export const identifyLoginAccount = (
  request: LoginIdentifyRequest,
): Promise<ApiResult<LoginIdentifyResponse>> => post('loginIdentify', loginIdentifyResponseSchema, request);

export const checkLoginPassword = (flowId: string, password: string): Promise<ApiResult<RedirectAnswer>> =>
  post('loginPassword', loginPasswordResponseSchema, { flowId, password });

// Sign-up (spec §4 "Sign-up")
export const requestSignupCode = (request: SignupStartRequest): Promise<ApiResult<SignupStartResponse>> =>
  post('signupStart', signupStartResponseSchema, request);

// Reset password (spec §4 "Reset password"): the account always gets a code (or an error).
export const requestResetCode = (request: ResetStartRequest): Promise<ApiResult<CodeSent>> =>
  post('resetStart', codeSentSchema, request);

/** The code step's calls; sign-up and reset have the same shape on different endpoints. */
export interface CodeApi {
  verify(flowId: string, code: string): Promise<ApiResult<RedirectAnswer>>;
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

const finalizeApi = (status: Endpoint, finalize: Endpoint): FinalizeApi => ({
  status: (flowId, options) => get(status, flowStatusResponseSchema, { flowId }, options),
  setPassword: (flowId, password) => post(finalize, redirectSchema, { flowId, password }),
});

export const signupFinalizeApi: FinalizeApi = finalizeApi('signupStatus', 'signupFinalize');
export const resetFinalizeApi: FinalizeApi = finalizeApi('resetStatus', 'resetFinalize');
