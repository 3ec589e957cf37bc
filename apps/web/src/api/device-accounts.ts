import {
  type ContinueAsRequest,
  type DeviceAccounts,
  deviceAccountEndpoints,
  deviceAccountsResponseSchema,
  type RedirectAnswer,
  redirectSchema,
  type SignInAnswer,
  signInAnswerSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(deviceAccountEndpoints);

/** The accounts signed in on this browser (docs/sessions.md): the chooser and the header menu. */
export const deviceAccountsApi = {
  list: (options?: ApiRequestOptions): Promise<ApiResult<DeviceAccounts>> =>
    calls.get('list', deviceAccountsResponseSchema, undefined, options),
  continueAs: (body: ContinueAsRequest): Promise<ApiResult<SignInAnswer>> =>
    calls.post('continueAs', signInAnswerSchema, body),
  switchTo: (account: string): Promise<ApiResult<DeviceAccounts>> =>
    calls.post('switch', deviceAccountsResponseSchema, { account }),
  signOutAll: (): Promise<ApiResult<RedirectAnswer>> => calls.post('signOutAll', redirectSchema, {}),
};
