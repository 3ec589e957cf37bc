import cluster from 'node:cluster';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerDemoPlatformSites } from './demo/platform-site.js';
import { registerDefaultPlatformRoutes } from './flows/default-platform/routes.js';
import { registerLinkingRoutes } from './flows/linking/routes.js';
import { registerLoginRoutes } from './flows/login/routes.js';
import { registerResetRoutes } from './flows/reset/routes.js';
import { registerSignupRoutes } from './flows/signup/routes.js';
import { registerSwitchingRoutes } from './flows/switching/routes.js';
import { registerWorkAccountRoutes } from './flows/work-account/routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/static.js';
import { createHub, type Hub } from './hub.js';
import { registerDevMailbox } from './mail/dev-mailbox-routes.js';
import { createMailTransport, type DevMailbox, type MailSetup } from './mail/transport.js';
import { createMailWorker, type MailWorker } from './mail/worker.js';
import { createHubOidc, type HubOidc } from './oidc/provider.js';
import { loggedRequest, registerOidcRoutes } from './oidc/routes.js';
import { registerPlatformApiRoutes } from './platform-api/routes.js';
import { type CleanupJob, createCleanupJob } from './services/cleanup-job.js';
import { closeRedis, connectRedis } from './services/redis.js';
import { createThrottle, type Throttle } from './services/throttle.js';
import { registerSocialRoutes } from './social/routes.js';
import { registerSsoRoutes } from './sso/routes.js';
import type { HubDatabase } from './storage/database.js';
import { sharedSecret } from './storage/secrets.js';

export interface AppDeps {
  config: Config;
  database: HubDatabase;
  /** Injected clock: flows read time only through it (DESIGN.md rule 6). */
  now?: () => number;
  logger?: boolean | { level: string };
  mail?: MailSetup;
  throttle?: Throttle;
}

export interface HubApp {
  app: FastifyInstance;
  hub: Hub;
  mailWorker: MailWorker;
  /** Deletes expired rows every CLEANUP_INTERVAL_MINUTES, one process at a time; main.ts starts it. */
  cleanupJob: CleanupJob;
  /** Set in local/development without SMTP_URL: where mail goes instead (also at /dev/mail). */
  devMailbox: DevMailbox | undefined;
  /** The OpenID Connect provider (mounted under /oidc, discovery at the issuer's root). */
  oidc: HubOidc;
}

/** Fastify runs a hop count as this function (its types leave the number out). */
const fastifyTrustProxy = (trust: Config['trustProxy']) => {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
};

/** Builds the hub's HTTP app without listening: tests drive it with `inject`; main.ts starts the mail worker. */
export const buildApp = async (deps: AppDeps): Promise<HubApp> => {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // The provider's addresses can carry tokens in the query (id_token_hint, a code): not logged.
      serializers: { req: loggedRequest },
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await app.register(fastifyCookie);

  const mail = deps.mail ?? createMailTransport(config, app.log);
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
  const cleanupJob = createCleanupJob({
    database: deps.database,
    now,
    intervalMs: config.cleanupIntervalMinutes * 60_000,
    policy: { auditRetentionDays: config.auditRetentionDays },
    log: app.log,
  });
  app.addHook('onClose', () => cleanupJob.stop());
  // Throttle counters in Redis when REDIS_URL is set (shared by every hub process, DESIGN.md
  // "Scaling out"); else in this process, or in the primary for the workers of HUB_WORKERS.
  const redis = !deps.throttle && config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const throttle =
    deps.throttle ??
    createThrottle({
      now,
      scale: config.rateLimitScale,
      redis,
      clusterWorker: cluster.isWorker,
      keySecret: await sharedSecret(deps.database.db, 'throttle_keys', now()),
      keyPrefix: config.redisKeyPrefix,
    });
  const hub = createHub({
    config,
    database: deps.database,
    now,
    throttle,
    nudgeMail: () => mailWorker.nudge(),
  });

  registerHealthRoutes(app, deps.database);
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await hub.keys.jwks()),
  );
  registerLoginRoutes(app, hub);
  registerSignupRoutes(app, hub);
  registerResetRoutes(app, hub);
  registerSsoRoutes(app, hub);
  registerSwitchingRoutes(app, hub);
  registerLinkingRoutes(app, hub);
  registerDefaultPlatformRoutes(app, hub);
  registerWorkAccountRoutes(app, hub);
  registerPlatformApiRoutes(app, hub);
  registerSocialRoutes(app, hub);
  const oidc = await createHubOidc(hub, app.log);
  hub.oidc = oidc;
  registerOidcRoutes(app, hub, oidc);
  const local = config.appEnv === 'local' || config.appEnv === 'development';
  // The dev mailbox logs and shows codes: only where mail has nowhere real to go.
  if (mail.devMailbox && local) registerDevMailbox(app, mail.devMailbox);
  if (local) registerDemoPlatformSites(app, hub);
  await registerWebApp(app, config.webDist, config.publicUrl);
  return { app, hub, mailWorker, cleanupJob, devMailbox: mail.devMailbox, oidc };
};
