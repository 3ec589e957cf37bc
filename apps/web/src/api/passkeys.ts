import {
  type PasskeyListResponse,
  type PasskeyLoginOptionsRequest,
  type PasskeyOptionsResponse,
  type PasskeyView,
  passkeyEndpoints,
  passkeyListResponseSchema,
  passkeyLoginVerifyResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyViewSchema,
  type RedirectAnswer,
} from '@hub/core';
import {
  type ApiPath,
  type ApiRequestOptions,
  type ApiResult,
  apiGet,
  apiPost,
  apiSend,
  matchContract,
} from './client';

/**
 * Typed wrappers of the passkey API (core's contracts/passkeys.ts): a signed-in person's passkeys,
 * and a passkey as the first factor of the login. The authenticator's answers travel as the JSON
 * @simplewebauthn/browser makes of them.
 */

const pathOf = (endpoint: string): ApiPath => endpoint.replace(/^\/api/, '') as ApiPath;
const onePath = (id: string) => pathOf(passkeyEndpoints.one.replace(':id', encodeURIComponent(id)));

export type { PasskeyListResponse, PasskeyView };

export const listPasskeys = (): Promise<ApiResult<PasskeyListResponse>> =>
  matchContract(passkeyEndpoints.list, passkeyListResponseSchema, apiGet(pathOf(passkeyEndpoints.list)));

export const passkeyRegistrationOptions = (): Promise<ApiResult<PasskeyOptionsResponse>> =>
  matchContract(
    passkeyEndpoints.registrationOptions,
    passkeyOptionsResponseSchema,
    apiPost(pathOf(passkeyEndpoints.registrationOptions), {}),
  );

export const addPasskey = (body: {
  challengeId: string;
  name: string;
  response: unknown;
}): Promise<ApiResult<PasskeyView>> =>
  matchContract(
    passkeyEndpoints.register,
    passkeyViewSchema,
    apiPost(pathOf(passkeyEndpoints.register), body),
  );

export const renamePasskey = (id: string, name: string): Promise<ApiResult<PasskeyView>> =>
  matchContract(passkeyEndpoints.one, passkeyViewSchema, apiSend('PATCH', onePath(id), { name }));

export const removePasskey = (id: string, password?: string): Promise<ApiResult<{ removed: true }>> =>
  apiSend('DELETE', onePath(id), password === undefined ? {} : { password });

export const passkeyLoginOptions = (
  request: PasskeyLoginOptionsRequest,
  options: ApiRequestOptions = {},
): Promise<ApiResult<PasskeyOptionsResponse>> =>
  matchContract(
    passkeyEndpoints.loginOptions,
    passkeyOptionsResponseSchema,
    apiPost(pathOf(passkeyEndpoints.loginOptions), request, options),
  );

export const verifyPasskeyLogin = (body: {
  challengeId: string;
  response: unknown;
}): Promise<ApiResult<RedirectAnswer>> =>
  matchContract(
    passkeyEndpoints.loginVerify,
    passkeyLoginVerifyResponseSchema,
    apiPost(pathOf(passkeyEndpoints.loginVerify), body),
  );
