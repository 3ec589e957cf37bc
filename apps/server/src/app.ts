import cluster from 'node:cluster';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { mayOpenConsole } from './admin/guard.js';
import { registerAdminRoutes } from './admin/routes.js';
import type { Config } from './config.js';
import { registerDemoPlatformSites } from './demo/platform-site.js';
import { createEventWorker, type EventWorker } from './events/worker.js';
import { registerDefaultPlatformRoutes } from './flows/default-platform/routes.js';
import { registerLinkingRoutes } from './flows/linking/routes.js';
import { registerLoginRoutes } from './flows/login/routes.js';
import { registerResetRoutes } from './flows/reset/routes.js';
import { registerSignupRoutes } from './flows/signup/routes.js';
import { registerSwitchingRoutes } from './flows/switching/routes.js';
import { registerWorkAccountRoutes } from './flows/work-account/routes.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { requestForLog } from './http/log-redaction.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRequestId, requestIdFor } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/static.js';
import { registerStorableInputCheck } from './http/storable-input.js';
import { serializerCompiler } from './http/zod-serializer.js';
import { createHub, type Hub } from './hub.js';
import { localLogSink } from './log.js';
import { registerDevMailbox } from './mail/dev-mailbox-routes.js';
import { createMailTransport, type DevMailbox, type MailSetup } from './mail/transport.js';
import { createMailWorker, type MailWorker } from './mail/worker.js';
import { registerMeRoutes } from './me/routes.js';
import { enrolledMethods } from './mfa/methods.js';
import { registerPasskeyRoutes } from './mfa/passkey-routes.js';
import { registerSecondFactorRoutes } from './mfa/routes.js';
import { createSecondFactorStep } from './mfa/second-step.js';
import type { HubOidc } from './oidc/provider.js';
import { registerPlatformApiRoutes } from './platform-api/routes.js';
import { type CleanupJob, createCleanupJob } from './services/cleanup-job.js';
import { webhookDeliveries } from './services/metrics.js';
import { closeRedis, connectRedis } from './services/redis.js';
import { createThrottle, type Throttle } from './services/throttle.js';
import { registerSocialRoutes } from './social/routes.js';
import {
  createExitStep,
  createPlatformRulesStep,
  createSessionStep,
  createSignInPipeline,
  createToolAccessStep,
  type SignInPipeline,
} from './sso/complete-sign-in.js';
import { registerSsoRoutes } from './sso/routes.js';
import { announceEndedSessions } from './sso/session-end.js';
import { JWKS_MAX_AGE_SECONDS } from './sso/signing-keys.js';
import type { HubDatabase } from './storage/database.js';
import { createDevMailQueries } from './storage/dev-mail.js';
import { sharedSecret } from './storage/secrets.js';
import { webhookSecretSealer } from './storage/webhooks.js';

export interface AppDeps {
  config: Config;
  database: HubDatabase;
  /** Injected clock: flows read time only through it (docs/architecture.md "Time and randomness are injected"). */
  now?: () => number;
  /** false for none; an object overrides the level (and, in tests, where the lines go). */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
  mail?: MailSetup;
  throttle?: Throttle;
}

export interface HubApp {
  app: FastifyInstance;
  hub: Hub;
  /** The sign-in pipeline every sign-in completes through, with all its steps. */
  signIn: SignInPipeline;
  mailWorker: MailWorker;
  /** Sends the event outbox to tools' and platforms' endpoints (events/, docs/events.md); main.ts starts it. */
  eventWorker: EventWorker;
  /** Deletes expired rows every CLEANUP_INTERVAL_MINUTES, one process at a time; main.ts starts it. */
  cleanupJob: CleanupJob;
  /** Set in local/development without SMTP_URL: where mail goes instead (also at /dev/mail). */
  devMailbox: DevMailbox | undefined;
  /** The OpenID Connect provider (mounted under /oidc, discovery at the issuer's root). */
  oidc: HubOidc;
}

/** The event outbox's worker (events/, docs/events.md), counted per endpoint and stopped with the app. */
const eventDelivery = (app: FastifyInstance, database: HubDatabase, config: Config, now: () => number) => {
  const worker = createEventWorker({
    database,
    now,
    log: app.log,
    sealer: webhookSecretSealer(config.keyEncryption),
    onOutcome: (endpoint, outcome) => webhookDeliveries.inc({ endpoint, outcome }),
  });
  app.addHook('onClose', () => worker.stop());
  return worker;
};

/** Fastify runs a hop count as this function (its types leave the number out). */
const fastifyTrustProxy = (trust: Config['trustProxy']) => {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
};

/**
 * The sign-in pipeline, assembled here and only here
 * (docs/architecture.md "Every sign-in ends in one place"): each step is required by SignInSteps, so
 * a pipeline without the platform rules, the second-factor gate, tool access, the OpenID Connect
 * return, the exit or the session does not compile.
 */
const buildSignInPipeline = (
  hub: Hub,
  oidc: HubOidc,
  oidcExitLocation: typeof import('./oidc/interaction.js').oidcExitLocation,
): SignInPipeline =>
  createSignInPipeline(hub, {
    platformRules: createPlatformRulesStep(hub),
    secondFactor: createSecondFactorStep(hub, { acrValuesOf: (uid) => oidc.acrValuesOf(uid) }),
    toolAccess: createToolAccessStep(hub),
    oidcReturn: (request, accountId, uid, amr) => oidcExitLocation(hub, oidc, request, accountId, uid, amr),
    exit: createExitStep(hub),
    session: createSessionStep(hub),
  });

/** Every API route of the hub, each given the one sign-in pipeline where it completes sign-ins. */
const registerHubRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline, oidc: HubOidc) => {
  registerLoginRoutes(app, hub, signIn);
  registerSignupRoutes(app, hub, signIn);
  registerResetRoutes(app, hub);
  registerSsoRoutes(app, hub, signIn);
  registerSwitchingRoutes(app, hub, signIn, {
    hasSecondFactor: async (accountId) => (await enrolledMethods(hub, accountId)).length > 0,
  });
  registerLinkingRoutes(app, hub, signIn);
  registerDefaultPlatformRoutes(app, hub, signIn);
  registerWorkAccountRoutes(app, hub, signIn);
  registerPlatformApiRoutes(app, hub);
  registerSocialRoutes(app, hub, signIn);
  registerPasskeyRoutes(app, hub, signIn);
  registerMeRoutes(app, hub, signIn, { loginReasonsOf: (uid) => oidc.loginReasonsOf(uid) });
  registerSecondFactorRoutes(app, hub, signIn);
};

/** The Fastify instance: logger (redacted, readable at a local terminal), proxy trust, request ids. */
const createFastify = (deps: AppDeps) => {
  const { config } = deps;
  const localSink = deps.logger === undefined ? localLogSink(config.appEnv) : undefined;
  const app = Fastify({
    logger:
      deps.logger === false || deps.logger === true
        ? deps.logger
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
            // A logged URL must never hold an ainfo (a bearer proof until redeemed), nor an OpenID
            // Connect token, code or secret.
            serializers: { req: requestForLog },
            // Readable lines at a local terminal; JSON everywhere else (log.ts localLogSink).
            ...(localSink ? { stream: localSink } : {}),
            ...deps.logger,
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    // A valid incoming X-Request-Id, else a UUID (http/request-id.ts); echoed on every answer.
    genReqId: requestIdFor,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  return app;
};

/** Builds the hub's HTTP app without listening: tests drive it with `inject`; main.ts starts the mail worker. */
export const buildApp = async (deps: AppDeps): Promise<HubApp> => {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const app = createFastify(deps);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  registerRequestId(app);
  registerLoadShedding(app, { maxEventLoopDelayMs: config.maxEventLoopDelayMs });
  registerMetrics(app, { database: deps.database, now });
  // Before the routes: the OpenAPI document is collected from them as they are registered.
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerStorableInputCheck(app);
  await app.register(fastifyCookie);

  // The dev mailbox keeps its mail in the database, so a restart does not empty it.
  const mail = deps.mail ?? createMailTransport(config, app.log, createDevMailQueries(deps.database.db));
  await mail.devMailbox?.restore();
  const mailWorker = createMailWorker({
    database: deps.database,
    transport: mail.transport,
    from: config.mailFrom,
    now,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    mail.transport.close?.();
  });
  const eventWorker = eventDelivery(app, deps.database, config, now);
  // Set once the hub exists: the cleanup announces an erasure's ended sessions through it.
  let hubOfApp: Hub | undefined;
  const cleanupJob = createCleanupJob({
    database: deps.database,
    now,
    intervalMs: config.cleanupIntervalMinutes * 60_000,
    policy: { auditRetentionDays: config.auditRetentionDays },
    log: app.log,
    // An erasure ends the account's last sessions; the clients signed in from them are told.
    announceEnded: async (ended) => {
      if (hubOfApp) await announceEndedSessions(hubOfApp, ended);
    },
  });
  app.addHook('onClose', () => cleanupJob.stop());
  // Throttle counters in Redis when REDIS_URL is set (shared by every hub process,
  // docs/operations.md); else in this process, or in the primary for the workers of HUB_WORKERS.
  const redis = !deps.throttle && config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const secret = await sharedSecret(deps.database.db, 'throttle_keys', now());
  const throttle =
    deps.throttle ??
    createThrottle({
      now,
      scale: config.rateLimitScale,
      redis,
      clusterWorker: cluster.isWorker,
      keySecret: secret,
      keyPrefix: config.redisKeyPrefix,
    });
  const hub: Hub = createHub({
    config,
    database: deps.database,
    now,
    log: app.log,
    throttle,
    secret,
    nudgeMail: () => mailWorker.nudge(),
  });
  hubOfApp = hub;

  registerHealthRoutes(app, deps.database);
  app.get('/.well-known/jwks.json', { schema: { errors: [] } }, async (_request, reply) => {
    // Read before the header is set: a failure must not go out marked as cacheable.
    const jwks = await hub.keys.jwks();
    return reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`).send(jwks);
  });
  // Loaded here, not at the top: oidc-provider warns about the runtime on Node 20 as it loads, and a
  // start that is refused (configuration, database) must print its one line and nothing else.
  const [{ oidcExitLocation }, { createHubOidc }, { registerOidcRoutes }] = await Promise.all([
    import('./oidc/interaction.js'),
    import('./oidc/provider.js'),
    import('./oidc/routes.js'),
  ]);
  const oidc = await createHubOidc(hub);
  const signIn = buildSignInPipeline(hub, oidc, oidcExitLocation);
  registerHubRoutes(app, hub, signIn, oidc);
  registerOidcRoutes(app, hub, oidc);
  registerAdminRoutes(app, hub);
  const local = config.appEnv === 'local' || config.appEnv === 'development';
  // The dev mailbox logs and shows codes: only where mail has nowhere real to go.
  if (mail.devMailbox && local) registerDevMailbox(app, mail.devMailbox);
  if (local) registerDemoPlatformSites(app, hub);
  await registerWebApp(app, config.webDist, config.publicUrl, {
    devMailbox: Boolean(mail.devMailbox && local),
    mayOpenConsole: (request) => mayOpenConsole(hub, request),
  });
  return { app, hub, signIn, mailWorker, eventWorker, cleanupJob, devMailbox: mail.devMailbox, oidc };
};
