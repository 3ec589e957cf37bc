import {
  type RedirectAnswer,
  type SocialLinkState,
  type SocialProvidersResponse,
  socialEndpoints,
  socialLinkResponseSchema,
  socialLinkStateResponseSchema,
  socialProvidersResponseSchema,
} from '@hub/core';
import { type ApiPath, type ApiResult, apiGet, apiPost, matchContract } from '../../api/client';

/** core names the endpoints with their /api prefix; the client adds that prefix itself. */
const pathOf = (endpoint: keyof typeof socialEndpoints): ApiPath =>
  socialEndpoints[endpoint].replace(/^\/api/, '') as ApiPath;

/** GET /api/social/providers: which provider buttons to show. */
export const fetchSocialProviders = (signal: AbortSignal): Promise<ApiResult<SocialProvidersResponse>> =>
  matchContract(
    socialEndpoints.providers,
    socialProvidersResponseSchema,
    apiGet(pathOf('providers'), undefined, { signal }),
  );

/** GET /api/social/link: the account whose password links the provider identity. */
export const fetchSocialLinkState = (
  flowId: string,
  signal: AbortSignal,
): Promise<ApiResult<SocialLinkState>> =>
  matchContract(
    socialEndpoints.linkState,
    socialLinkStateResponseSchema,
    apiGet(pathOf('linkState'), { flowId }, { signal }),
  );

/** POST /api/social/link: the password, in the body; the answer is where to go. */
export const linkSocialIdentity = (flowId: string, password: string): Promise<ApiResult<RedirectAnswer>> =>
  matchContract(
    socialEndpoints.link,
    socialLinkResponseSchema,
    apiPost(pathOf('link'), { flowId, password }),
  );
