import {
  type MeSessionList,
  type MeSignInPage,
  meEndOthersResponseSchema,
  meEndSessionResponseSchema,
  meSessionListSchema,
  meSessionsEndpoints,
  meSignInPageSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(meSessionsEndpoints);

/** The Devices page's calls (core's contracts/me-sessions.ts). */
export const meSessionsApi = {
  list: (options?: ApiRequestOptions): Promise<ApiResult<MeSessionList>> =>
    calls.get('sessions', meSessionListSchema, undefined, options),
  end: (id: string) => calls.delete('endSession', meEndSessionResponseSchema, { id }),
  endOthers: () => calls.post('endOthers', meEndOthersResponseSchema, {}),
  signIns: (before?: number, options?: ApiRequestOptions): Promise<ApiResult<MeSignInPage>> =>
    calls.get('signIns', meSignInPageSchema, { before }, options),
};
