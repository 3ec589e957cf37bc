import {
  type OidcConsentDetails,
  oidcConsentDetailsSchema,
  oidcConsentPath,
  oidcConsentResponseSchema,
  type RedirectAnswer,
} from '@hub/core';
import { type ApiPath, type ApiResult, apiGet, apiPost, matchContract } from './client';

/** The consent screen's calls (core's contracts/oidc.ts): what the client asks for, then the answer. */
const pathOf = (uid: string) => oidcConsentPath(uid).replace(/^\/api/, '') as ApiPath;

export const oidcConsentApi = {
  details: (uid: string, signal?: AbortSignal): Promise<ApiResult<OidcConsentDetails>> =>
    matchContract(
      'oidc consent',
      oidcConsentDetailsSchema,
      apiGet<unknown>(pathOf(uid), undefined, { signal }),
    ),
  answer: (uid: string, allow: boolean): Promise<ApiResult<RedirectAnswer>> =>
    matchContract('oidc consent', oidcConsentResponseSchema, apiPost<unknown>(pathOf(uid), { allow })),
};
