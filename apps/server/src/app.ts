import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health.js';
import { registerWebApp } from './http/static.js';
import type { HubDatabase } from './storage/database.js';

export interface AppDeps {
  config: Config;
  database: HubDatabase;
  /** Injected clock: flows read time only through it (DESIGN.md rule 6). */
  now?: () => number;
  logger?: boolean | { level: string };
}

/** Content-Security-Policy the web app runs under: nothing inline, nothing from elsewhere. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** Builds the hub's HTTP app without listening: tests drive it with `inject`. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie);

  registerHealthRoutes(app, deps.database);
  await registerWebApp(app, config.webDist);
  return app;
};
