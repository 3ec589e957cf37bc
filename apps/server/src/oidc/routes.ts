import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { registerOidcConsentRoutes } from './consent.js';
import { withFormAction } from './csp.js';
import { startInteraction } from './interaction.js';
import { type HubOidc, OIDC_PREFIX } from './provider.js';

/**
 * Mounts the OpenID Connect provider: everything under /oidc, and discovery at the issuer's root
 * (`/.well-known/openid-configuration`, and the OAuth metadata beside it). Fastify neither parses
 * these bodies nor answers these requests: the raw request goes to oidc-provider, which answers it.
 */
export const registerOidcRoutes = (app: FastifyInstance, hub: Hub, oidc: HubOidc) => {
  const publicUrl = new URL(hub.config.publicUrl);
  const local = hub.config.appEnv === 'local' || hub.config.appEnv === 'development';
  // Redirect URIs are https, or http in local and development (see hub clients add).
  const formTargets = local ? ['https:', 'http:'] : ['https:'];

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    // Throttled before the hand-over, so a refusal is the hub's own 429 with Retry-After.
    await hub.throttle.consume('oidcPerIp', request.ip);
    const provider = await oidc.provider();
    const raw = request.raw;
    // oidc-provider runs with `proxy` on and reads these: what Fastify decided (TRUST_PROXY) for
    // the address, and the public address for host and protocol, never what the client claims.
    raw.headers['x-forwarded-for'] = request.ip;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    raw.headers['x-forwarded-host'] = publicUrl.host;
    // The hub's security headers (CSP and the rest), set in onRequest, go on the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    // A page oidc-provider renders with its own inline script (it adds the script's hash to the
    // CSP) is an auto-submitted form to the client's registered redirect URI (response_mode=
    // form_post): only there may a form go to another origin. Its markup is the provider's alone.
    const setHeader = reply.raw.setHeader.bind(reply.raw);
    reply.raw.setHeader = (name: string, value: number | string | readonly string[]) =>
      setHeader(
        name,
        name.toLowerCase() === 'content-security-policy' && String(value).includes("'sha256-")
          ? withFormAction(String(value), formTargets)
          : value,
      );
    reply.hijack();
    provider.callback()(raw, reply.raw);
  };

  app.addHook('onClose', () => oidc.idle());
  // The one provider address the hub answers itself: where a browser that must sign in arrives.
  app.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, async (request, reply) => {
    await hub.throttle.consume('oidcPerIp', request.ip);
    return startInteraction(hub, oidc, request, reply);
  });
  registerOidcConsentRoutes(app, hub, oidc);
  app.register(async (scope) => {
    // Leave every body unread: oidc-provider reads the raw stream itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Hidden from the hub's OpenAPI document: discovery describes these endpoints, and their
    // answers are the provider's (OAuth errors), not the hub's error body.
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PREFIX}/*`,
      schema: { hide: true },
      handler: handOver,
    });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/openid-configuration', handler: handOver });
    scope.route({
      method: ['GET', 'OPTIONS'],
      url: '/.well-known/oauth-authorization-server',
      handler: handOver,
    });
  });
};
