import {
  type ContinueAsAnswer,
  type ContinueAsRequest,
  continueAsResponseSchema,
  type DeviceAccounts,
  deviceAccountEndpoints,
  deviceAccountsResponseSchema,
  type RedirectAnswer,
  redirectSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(deviceAccountEndpoints);

/** The accounts signed in on this browser (docs/sessions.md): the chooser and the header menu. */
export const deviceAccountsApi = {
  /** `oidc`: the OpenID Connect interaction the login screen is for (none listed if it demands a fresh sign-in). */
  list: (options?: ApiRequestOptions, oidc?: string): Promise<ApiResult<DeviceAccounts>> =>
    calls.get('list', deviceAccountsResponseSchema, oidc ? { oidc } : undefined, options),
  continueAs: (body: ContinueAsRequest): Promise<ApiResult<ContinueAsAnswer>> =>
    calls.post('continueAs', continueAsResponseSchema, body),
  switchTo: (account: string): Promise<ApiResult<DeviceAccounts>> =>
    calls.post('switch', deviceAccountsResponseSchema, { account }),
  signOutAll: (): Promise<ApiResult<RedirectAnswer>> => calls.post('signOutAll', redirectSchema, {}),
};
