import { type ApiError, apiErrorSchema, type ErrorCode, errorMessage, toApiError } from '@hub/core';
import { solveAheadFor, solveSignInChallenge, takeSolvedAhead } from '../lib/sign-in-challenge';

/**
 * The outcome of an API call. Never thrown: a failure is a value the screen must handle, so no
 * failure is silent (unlike the spec's client, we show network failures: docs/security.md "Failures are never silent").
 * `status` is the HTTP status, 0 when no response arrived. `aborted` marks a call cancelled
 * through its AbortSignal, which screens usually ignore.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiError; aborted?: true };

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  signal?: AbortSignal;
}

/** API paths are relative to /api on the page's own origin (the browser talks to nobody else). */
export type ApiPath = `/${string}`;

const API_PREFIX = '/api';

const apiUrl = (path: ApiPath, query?: Readonly<Record<string, QueryValue>>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
};

const failure = (code: ErrorCode, status: number): { ok: false; status: number; error: ApiError } => ({
  ok: false,
  status,
  error: { code, message: errorMessage(code) },
});

const abortedFailure = (status: number): ApiResult<never> => ({
  ...failure('network.unreachable', status),
  aborted: true,
});

/** `Retry-After` in seconds, when the server sent one as a number. */
const retryAfterHeader = (response: Response): number | undefined => {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};

const send = async <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  { signal }: ApiRequestOptions,
  /** The solved challenge of a second try (a step sent again after 'challenge.required'). */
  challengeHeaders?: Record<string, string>,
): Promise<ApiResult<T>> => {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json', ...challengeHeaders }
          : { Accept: 'application/json', 'Content-Type': 'application/json', ...challengeHeaders },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? null,
    });
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted) return abortedFailure(0);
    console.warn(`${method} ${url}: no response from the server`, cause);
    return failure('network.unreachable', 0);
  }

  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch (cause) {
    console.warn(`${method} ${url}: the answer (HTTP ${response.status}) is not JSON`, cause);
    return failure('network.unreachable', response.status);
  }

  if (response.ok) return { ok: true, status: response.status, data: payload as T };

  const parsed = apiErrorSchema.safeParse(payload);
  if (!parsed.success) {
    console.warn(`${method} ${url}: HTTP ${response.status} without a known error body`, payload);
    return failure('internal', response.status);
  }
  const error: ApiError = parsed.data;
  const retryAfter = error.retryAfter ?? retryAfterHeader(response);
  return {
    ok: false,
    status: response.status,
    error: retryAfter === undefined ? error : { ...error, retryAfter },
  };
};

const flowIdOf = (value: unknown) => {
  const flowId = (value as { flowId?: unknown } | null | undefined)?.flowId;
  return typeof flowId === 'string' ? flowId : undefined;
};

/**
 * A call, under the credential-stuffing challenge (docs/security.md "Credential stuffing"): a step
 * answered 'challenge.required' is solved in the background and sent once more with the solution;
 * a step whose challenge was solved ahead (lib/sign-in-challenge.ts) is sent with it at once, and
 * sent again with a fresh one if that was refused (expired while the person typed, say). An
 * account step that needed one has the next step's solved ahead, while the person types.
 */
const request = async <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  options: ApiRequestOptions,
): Promise<ApiResult<T>> => {
  const flowId = method === 'POST' ? flowIdOf(body) : undefined;
  const ahead = flowId ? await takeSolvedAhead(flowId) : undefined;
  let result = await send<T>(method, url, body, options, ahead);
  const code = result.ok ? undefined : result.error.code;
  const refused = code === 'challenge.required' || (ahead !== undefined && code === 'challenge.invalid');
  if (method !== 'POST' || !refused) return result;
  const solved = await solveSignInChallenge(flowId);
  if (!solved) return result;
  result = await send<T>(method, url, body, options, solved);
  const next = result.ok ? flowIdOf(result.data) : undefined;
  if (next && !flowId) solveAheadFor(next);
  return result;
};

/** GET /api{path}?{query}; `null`/`undefined` query values are left out. */
export const apiGet = <T>(
  path: ApiPath,
  query?: Readonly<Record<string, QueryValue>>,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> => request<T>('GET', apiUrl(path, query), undefined, options);

/** POST /api{path} with a JSON body. Passwords and codes travel only this way (docs/security.md "Passwords"). */
export const apiPost = <T>(
  path: ApiPath,
  body: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> => request<T>('POST', apiUrl(path), body ?? {}, options);

/** PATCH or DELETE /api{path} with a JSON body (a signed-in person's own records). */
export const apiSend = <T>(
  method: 'PATCH' | 'DELETE',
  path: ApiPath,
  body: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> => request<T>(method, apiUrl(path), body ?? {}, options);
/** DELETE /api{path}, with a JSON body only when one is given (the account center's removals). */
export const apiDelete = <T>(
  path: ApiPath,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> => request<T>('DELETE', apiUrl(path), body, options);

/** A contract's zod schema, as far as the client needs it. */
export interface ContractSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A success checked against its contract's schema (`label` names the endpoint in the log): one
 * that does not match is reported as an 'internal' failure, so a screen never works on a
 * half-understood answer.
 */
export const matchContract = async <T>(
  label: string,
  schema: ContractSchema<T>,
  pending: Promise<ApiResult<unknown>>,
): Promise<ApiResult<T>> => {
  const result = await pending;
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (parsed.success) return { ok: true, status: result.status, data: parsed.data };
  console.warn(`${label}: the answer does not match the contract`, result.data);
  return { ok: false, status: result.status, error: toApiError('internal') };
};

/**
 * Typed calls on one of core's endpoint tables (contracts/auth.ts, contracts/switching.ts, …),
 * each answer checked against its contract's schema. core names the endpoints with their /api
 * prefix; the client adds that prefix itself.
 */
export const contractCalls = <Endpoint extends string>(endpoints: Readonly<Record<Endpoint, string>>) => {
  const pathOf = (endpoint: Endpoint): ApiPath => endpoints[endpoint].replace(/^\/api/, '') as ApiPath;
  return {
    post: <T>(endpoint: Endpoint, schema: ContractSchema<T>, body: unknown): Promise<ApiResult<T>> =>
      matchContract(endpoints[endpoint], schema, apiPost<unknown>(pathOf(endpoint), body)),
    get: <T>(
      endpoint: Endpoint,
      schema: ContractSchema<T>,
      query?: Readonly<Record<string, QueryValue>>,
      options?: ApiRequestOptions,
    ): Promise<ApiResult<T>> =>
      matchContract(endpoints[endpoint], schema, apiGet<unknown>(pathOf(endpoint), query, options)),
    /**
     * DELETE on the endpoint, its `:name` parts filled from `params` (encoded), with a JSON body
     * only when one is given.
     */
    delete: <T>(
      endpoint: Endpoint,
      schema: ContractSchema<T>,
      params: Readonly<Record<string, string | number>> = {},
      body?: unknown,
    ): Promise<ApiResult<T>> => {
      let path: string = pathOf(endpoint);
      for (const [name, value] of Object.entries(params))
        path = path.replace(`:${name}`, encodeURIComponent(String(value)));
      return matchContract(endpoints[endpoint], schema, apiDelete<unknown>(path as ApiPath, body));
    },
  };
};
