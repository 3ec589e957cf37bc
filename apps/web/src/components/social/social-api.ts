import {
  type SignInAnswer,
  type SocialLinkState,
  type SocialProvidersResponse,
  socialEndpoints,
  socialLinkResponseSchema,
  socialLinkStateResponseSchema,
  socialProvidersResponseSchema,
} from '@hub/core';
import { type ApiResult, contractCalls } from '../../api/client';

const { get, post } = contractCalls(socialEndpoints);

/** GET /api/social/providers: which provider buttons to show. */
export const fetchSocialProviders = (signal: AbortSignal): Promise<ApiResult<SocialProvidersResponse>> =>
  get('providers', socialProvidersResponseSchema, undefined, { signal });

/** GET /api/social/link: the account whose password links the provider identity. */
export const fetchSocialLinkState = (
  flowId: string,
  signal: AbortSignal,
): Promise<ApiResult<SocialLinkState>> =>
  get('linkState', socialLinkStateResponseSchema, { flowId }, { signal });

/** POST /api/social/link: the password, in the body; the answer is where to go. */
export const linkSocialIdentity = (flowId: string, password: string): Promise<ApiResult<SignInAnswer>> =>
  post('link', socialLinkResponseSchema, { flowId, password });
