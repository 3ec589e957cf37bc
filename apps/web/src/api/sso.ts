import { type ApiError, type ErrorCode, redirectSchema, toolSessionSchema } from '@hub/core';
import { type ApiResult, apiPost, matchContract } from './client';

/** Spec §2 "Query parameters by screen": what /sso/rqx reads from its query string. */
export const ssoQueryKeys = [
  'from',
  'callback',
  'tid',
  'platform',
  'auth_type',
  'entry',
  'account',
  'pricing',
  'subcb',
  'ref_a_frnd',
  'tsa_key',
  // Not in the spec: the tool's own value for this sign-in, returned in its callback.
  'state',
] as const;
export type SsoQueryKey = (typeof ssoQueryKeys)[number];
export type SsoRequest = Partial<Record<SsoQueryKey, string>>;

/**
 * The server's decision (POST /api/sso/rqx): where to go next and, when it named a tool, the tool
 * session the browser keeps under pm_tool_session (spec §3).
 */
const ssoAnswerSchema = redirectSchema.extend({ toolSession: toolSessionSchema.optional() });
export type SsoAnswer = ReturnType<typeof ssoAnswerSchema.parse>;

/** The /sso/rqx query values that are present, passed raw: the server decides (docs/security.md "Query-string state"). */
export const ssoRequestFrom = (params: URLSearchParams): SsoRequest => {
  const request: SsoRequest = {};
  for (const key of ssoQueryKeys) {
    const value = params.get(key);
    if (value !== null) request[key] = value;
  }
  return request;
};

/** Spec §4 "SSO handler": asks the server where this tool request goes. */
export const requestSsoRedirect = (request: SsoRequest): Promise<ApiResult<SsoAnswer>> =>
  matchContract('/api/sso/rqx', ssoAnswerSchema, apiPost<unknown>('/sso/rqx', request));

/**
 * Where the browser may go with the server's `location`: a path of ours, or an http(s) URL (a tool's
 * registered callback). Anything else (javascript:, a protocol-relative '//host') is refused.
 */
export const ssoNavigationTarget = (location: string): string | undefined => {
  if (location.startsWith('/')) {
    return location.startsWith('//') || location.startsWith('/\\') ? undefined : location;
  }
  try {
    const url = new URL(location);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch (error) {
    console.warn('/api/sso/rqx: the location is not a URL', location, error);
    return undefined;
  }
};

/**
 * docs/architecture.md "One catalogue of errors": failures a new attempt can cure (no answer, our side, a throttle) get 'Try
 * again'; the tool's authorization errors (sso.*) and refused input do not.
 */
const retryableCodes: readonly string[] = [
  'network.unreachable',
  'internal',
  'service.unavailable',
  'rate_limited',
] satisfies ErrorCode[];

export const isRetryableSsoFailure = (status: number, error: ApiError): boolean =>
  status === 0 || status === 429 || status >= 500 || retryableCodes.includes(error.code);
