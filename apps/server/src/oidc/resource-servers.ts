import type { ClientInstance, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import { policy } from '../policy.js';
import { API_SCOPES } from './constants.js';

type Platform = keyof typeof API_SCOPES;

/**
 * The platforms' APIs are the provider's resource servers (RFC 8707): each is named by its
 * platform's address (PSL_URL, BIZ_URL), which is also the `aud` of its access tokens.
 */
export const resourceIndicators = (config: Config): Record<Platform, string> => ({
  psl: config.platformUrls.psl,
  biz: config.platformUrls.biz,
});

const platformOf = (config: Config, indicator: string) =>
  (Object.entries(resourceIndicators(config)) as [Platform, string][]).find(
    ([, url]) => url === indicator,
  )?.[0];

/** The API scopes a client was allowed (`hub clients add --scopes`) on one platform. */
const allowedOn = (client: ClientInstance, platform: Platform) => {
  const allowed = new Set(String(client.scope ?? '').split(' '));
  return API_SCOPES[platform].filter((scope) => allowed.has(scope));
};

/**
 * oidc-provider's resourceIndicators feature: an access token for a platform's API is a JWT
 * (RFC 9068, `typ: at+jwt`) signed with the hub's keys, with the platform's address as audience and
 * only the API scopes the client was allowed and asked for. A resource the hub does not know, or
 * one the client has no scope on, is refused (invalid_target). Without a `resource` parameter, a
 * client credentials request of a client allowed scopes on one platform only is for that API.
 */
export const resourceIndicatorsFeature = (config: Config) => ({
  enabled: true,
  defaultResource: async (ctx: KoaContextWithOIDC, client: ClientInstance, oneOf?: string[]) => {
    if (oneOf) return oneOf;
    // Only a server's client credentials: a person's sign-in without `resource` keeps its access
    // token for userinfo.
    if (ctx.oidc.params?.grant_type !== 'client_credentials') return undefined;
    const platforms = (Object.keys(API_SCOPES) as Platform[]).filter((p) => allowedOn(client, p).length > 0);
    return platforms.length === 1 ? resourceIndicators(config)[platforms[0]!] : undefined;
  },
  useGrantedResource: async () => true,
  getResourceServerInfo: async (_ctx: KoaContextWithOIDC, indicator: string, client: ClientInstance) => {
    const platform = platformOf(config, indicator);
    const scopes = platform ? allowedOn(client, platform) : [];
    if (!platform || scopes.length === 0) {
      const { errors } = await import('oidc-provider');
      throw new errors.InvalidTarget('the client may not ask for this resource');
    }
    return {
      scope: scopes.join(' '),
      audience: indicator,
      accessTokenTTL: policy.oidcAccessTokenTtlMs / 1000,
      accessTokenFormat: 'jwt' as const,
      jwt: { sign: { alg: 'ES256' as const } },
    };
  },
});
