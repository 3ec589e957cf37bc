import { type MeSummary, meEndpoints, meSummarySchema } from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(meEndpoints);

/** The account center's calls on core's contracts/me.ts. Each part adds its own module beside this. */
export const meApi = {
  summary: (options?: ApiRequestOptions): Promise<ApiResult<MeSummary>> =>
    calls.get('summary', meSummarySchema, undefined, options),
};
