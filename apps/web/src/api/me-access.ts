import { type MeAccess, meAccessEndpoints, meAccessSchema, meRemoveAccessResponseSchema } from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(meAccessEndpoints);

/** The Platforms & tools page's calls (core's contracts/me-access.ts). */
export const meAccessApi = {
  access: (options?: ApiRequestOptions): Promise<ApiResult<MeAccess>> =>
    calls.get('access', meAccessSchema, undefined, options),
  removeTool: (tid: number) => calls.delete('removeTool', meRemoveAccessResponseSchema, { tid }),
  removeApp: (clientId: string) => calls.delete('removeApp', meRemoveAccessResponseSchema, { clientId }),
};
