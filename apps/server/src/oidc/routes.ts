import type { IncomingMessage } from 'node:http';
import { parse as parseForm } from 'node:querystring';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { registerOidcConsentRoutes } from './consent.js';
import { DEVICE_SCREEN_PATH, OIDC_ROUTES } from './constants.js';
import { withFormAction } from './csp.js';
import { startInteraction } from './interaction.js';
import { rememberHubRequest } from './pages.js';
import { type HubOidc, OIDC_PREFIX } from './provider.js';

/** oidc-provider's own limit on a request body (lib/shared/selective_body.js): the same here. */
export const OIDC_FORM_BODY_LIMIT = 56 * 1024;

/** The form bodies read here, by request: oidc-provider reads them again from a replay. */
const formBodies = new WeakMap<IncomingMessage, Buffer>();

/** A body oidc-provider would read as a form: its media type, as type-is reads it. */
const isFormBody = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * The request oidc-provider reads: the raw one, or, when the hub has read its form body already,
 * a stream that gives the same bytes again with the same method, URL, headers and socket (all
 * Koa and oidc-provider read of a request).
 */
const forProvider = (raw: IncomingMessage): IncomingMessage => {
  const body = formBodies.get(raw);
  if (!body) return raw;
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    headers: raw.headers,
    rawHeaders: raw.rawHeaders,
    method: raw.method,
    url: raw.url,
    httpVersion: raw.httpVersion,
    httpVersionMajor: raw.httpVersionMajor,
    httpVersionMinor: raw.httpVersionMinor,
    socket: raw.socket,
    connection: raw.socket,
    complete: true,
  }) as unknown as IncomingMessage;
};

/**
 * A request the provider's endpoints refuse as OAuth does (`400 invalid_request`), not with the
 * hub's error body: a value the hub's storable-input rule refuses (a NUL, a lone surrogate), a form
 * body past the provider's limit, or a body Fastify could not read.
 */
const isBadOAuthInput = (error: FastifyError) =>
  (error instanceof HubError && error.code === 'request.invalid') ||
  (!(error instanceof HubError) &&
    String(error.code ?? '').startsWith('FST_ERR_CTP_') &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500);

/**
 * A user code typed on the device screen (RFC 8628): each guess counts against its own throttle,
 * so the 8 letters cannot be tried at the provider's general rate. Confirming or aborting a code
 * already found is not a guess. A refusal sends the browser back to the screen, which says so.
 */
const throttleUserCodeGuess = async (hub: Hub, request: FastifyRequest, reply: FastifyReply) => {
  if (request.method !== 'POST' || request.url.split('?')[0] !== OIDC_ROUTES.code_verification) return true;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (body.confirm !== undefined || body.abort !== undefined) return true;
  try {
    await hub.throttle.consume('oidcUserCodePerIp', request.ip);
    return true;
  } catch (error) {
    if (!(error instanceof HubError) || error.code !== 'rate_limited') throw error;
    await reply
      .status(303)
      .header('cache-control', 'no-store')
      .header('location', `${DEVICE_SCREEN_PATH}?problem=rate_limited`)
      .send();
    return false;
  }
};

/** An address of the provider's own endpoints (token, userinfo, …), not the hub's interaction page. */
const isProviderEndpoint = (url: string) =>
  url.startsWith(`${OIDC_PREFIX}/`) && !url.startsWith(`${OIDC_PREFIX}/interaction/`);

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
    if (!(await throttleUserCodeGuess(hub, request, reply))) return;
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
    const handed = forProvider(raw);
    // The pages the provider renders (logout, errors) are in this request's language (pages.ts).
    rememberHubRequest(handed, request);
    provider.callback()(handed, reply.raw);
  };

  app.addHook('onClose', () => oidc.idle());
  // The one provider address the hub answers itself: where a browser that must sign in arrives.
  const interactionSchema = { errors: ['oidc.interaction_invalid', 'rate_limited'], redirect: true } as const;
  app.get<{ Params: { uid: string } }>(
    `${OIDC_PREFIX}/interaction/:uid`,
    { schema: interactionSchema },
    async (request, reply) => {
      await hub.throttle.consume('oidcPerIp', request.ip);
      return startInteraction(hub, oidc, request, reply);
    },
  );
  registerOidcConsentRoutes(app, hub, oidc);
  app.register(async (scope) => {
    // Form bodies (the token, revocation and introspection endpoints, logout confirmation, a
    // POSTed authorization) are read here, up to oidc-provider's own limit, so the hub's
    // storable-input rule (a preHandler) sees their values before the provider or the database
    // does; the provider then reads the same bytes from a replay (forProvider). Any other body is
    // left unread: oidc-provider refuses it or reads the raw stream itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: OIDC_FORM_BODY_LIMIT },
      (request, body, done) => {
        if (!isFormBody(request.headers['content-type'])) return done(null);
        formBodies.set(request.raw, body as Buffer);
        done(null, { ...parseForm((body as Buffer).toString()) });
      },
    );
    // Refused input to the provider's endpoints gets OAuth's answer here; anything else (a 429, a
    // 503) the hub's own.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      // Discovery and the interaction addresses are the hub's: their refusals keep its error body.
      if (!isProviderEndpoint(request.url) || !isBadOAuthInput(error)) throw error;
      return reply.status(400).header('cache-control', 'no-store').send({
        error: 'invalid_request',
        error_description: 'the request holds a value that is not allowed',
      });
    });
    // Hidden from the hub's OpenAPI document: discovery describes these endpoints, and their
    // answers are the provider's (OAuth errors), not the hub's error body.
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PREFIX}/*`,
      schema: { hide: true, errors: ['rate_limited'] },
      handler: handOver,
    });
    // Discovery is the hub's own answer (its throttle first): documented, with the hub's error body.
    const discoverySchema = { errors: ['rate_limited'] } as const;
    scope.route({
      method: ['GET', 'OPTIONS'],
      url: '/.well-known/openid-configuration',
      schema: discoverySchema,
      handler: handOver,
    });
    scope.route({
      method: ['GET', 'OPTIONS'],
      url: '/.well-known/oauth-authorization-server',
      schema: discoverySchema,
      handler: handOver,
    });
  });
};
