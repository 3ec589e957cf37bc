import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { withFormAction } from './csp.js';
import { startInteraction } from './interaction.js';
import { type HubOidc, OIDC_PREFIX } from './provider.js';

/** Query parameters of the provider's addresses whose values are secrets or tokens. */
const SECRET_PARAMS =
  /^(id_token_hint|code|token|refresh_token|client_secret|client_assertion|logout_token|state|xsrf|code_verifier|login_hint_token|request)$/;

/** A URL as the request log may show it: the values of secret query parameters replaced. */
export const redactedUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(query.keys()))
    if (SECRET_PARAMS.test(key)) {
      query.set(key, '[redacted]');
      changed = true;
    }
  return changed ? `${url.slice(0, at)}?${query.toString()}` : url;
};

/** Fastify's request log entry, with the URL redacted. */
export const loggedRequest = (request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) => ({
  method: request.method,
  url: redactedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

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
  app.register(async (scope) => {
    // Leave every body unread: oidc-provider reads the raw stream itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({ method: ['GET', 'POST', 'OPTIONS'], url: `${OIDC_PREFIX}/*`, handler: handOver });
    scope.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/openid-configuration', handler: handOver });
    scope.route({
      method: ['GET', 'OPTIONS'],
      url: '/.well-known/oauth-authorization-server',
      handler: handOver,
    });
  });
};
