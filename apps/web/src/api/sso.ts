import {
  type ApiError,
  type ErrorCode,
  type SsoAnswer,
  type SsoRequest,
  ssoAnswerSchema,
  ssoEndpoints,
  ssoQueryKeys,
  type ToolDisplayAnswer,
  toolDisplayResponseSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

// The query keys and the answer are core's contract (contracts/sso.ts), shared with the server.
export { type SsoAnswer, type SsoQueryKey, type SsoRequest, ssoQueryKeys } from '@hub/core';

// Only the browser's own call: the other SSO endpoints are server to server or a navigation.
const { get, post } = contractCalls({ rqx: ssoEndpoints.rqx, tool: ssoEndpoints.tool });

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
  post('rqx', ssoAnswerSchema, request);

/**
 * The tool a `from` tool session names, as the hub reads it (GET /api/sso/tool): the page never
 * decodes `from` itself.
 */
export const readToolDisplay = (
  from: string,
  options?: ApiRequestOptions,
): Promise<ApiResult<ToolDisplayAnswer>> => get('tool', toolDisplayResponseSchema, { from }, options);

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
