import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type AppEnv, appEnvs } from '@hub/core';
import { z } from 'zod';
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from './storage/database.js';

/** The operational contract of DESIGN.md: every variable, its default and its rule. */
const portSchema = z.coerce.number().int().min(0).max(65535);
/** A database timeout in milliseconds: from a tenth of a second to ten minutes. */
const timeoutMs = z.coerce.number().int().min(100).max(600_000);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  APP_ENV: z.enum(appEnvs).default('local'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:./data/hub.sqlite'),
  DATABASE_CONNECT_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.connectMs),
  DATABASE_ACQUIRE_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.acquireMs),
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.statementMs),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PSL_URL: httpUrl.optional(),
  BIZ_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  DEMO_TOOL_URL: httpUrl.default('http://localhost:3001'),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  HUB_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], {
      error: 'must be a whole number from 1 to 256, or auto',
    })
    .default(1),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZE_URL: httpUrl.default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: httpUrl.default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: httpUrl.default('https://graph.facebook.com/v19.0/me'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  appEnv: AppEnv;
  databaseUrl: string;
  /** How long a request waits on the database before it answers 503 (docs/resilience.md). */
  databaseTimeouts: DatabaseTimeouts;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  platformUrls: { psl: string; biz: string };
  logLevel: string;
  webDist: string;
  /** Behind a load balancer: take the client IP from X-Forwarded-For (throttles are per IP). */
  trustProxy: boolean;
  /** Where the local demo tool listens; the seeded catalogue's local callbacks point there. */
  demoToolUrl: string;
  /** Multiplies every throttle limit (1 in normal operation; raised for load tests). */
  rateLimitScale: number;
  /** Hub processes sharing the port on this machine (HUB_WORKERS; `auto` is one per core). */
  workers: number;
  /** Sign-in with Google and Facebook (issue 8): each present only when its client id and secret are set. */
  social: SocialConfig;
}

export interface SocialConfig {
  google?: { clientId: string; clientSecret: string; issuer: string };
  facebook?: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      String(issue.path[0]),
      `${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const relaxed = e.APP_ENV === 'local' || e.APP_ENV === 'development';
  if (!relaxed && !e.SMTP_URL) throw new ConfigError('SMTP_URL', `is required when APP_ENV=${e.APP_ENV}`);
  if (!relaxed && !e.MAIL_FROM) throw new ConfigError('MAIL_FROM', `is required when APP_ENV=${e.APP_ENV}`);
  if (e.APP_ENV === 'production') {
    if (!e.PSL_URL) throw new ConfigError('PSL_URL', 'is required when APP_ENV=production');
    if (!e.BIZ_URL) throw new ConfigError('BIZ_URL', 'is required when APP_ENV=production');
  }
  const webDist = e.WEB_DIST ? (isAbsolute(e.WEB_DIST) ? e.WEB_DIST : resolve(e.WEB_DIST)) : defaultWebDist;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    appEnv: e.APP_ENV,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Account Hub <no-reply@localhost>',
    redisUrl: e.REDIS_URL,
    platformUrls: { psl: e.PSL_URL ?? `${publicUrl}/demo/psl`, biz: e.BIZ_URL ?? `${publicUrl}/demo/biz` },
    logLevel: e.LOG_LEVEL,
    webDist,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    demoToolUrl: e.DEMO_TOOL_URL,
    workers: e.HUB_WORKERS === 'auto' ? availableParallelism() : e.HUB_WORKERS,
    social: socialConfig(e),
  };
};

/** A provider is enabled only with both its client id and secret; one without the other is a mistake. */
const clientPair = (prefix: 'GOOGLE' | 'FACEBOOK', id: string | undefined, secret: string | undefined) => {
  if (id && !secret)
    throw new ConfigError(`${prefix}_CLIENT_SECRET`, `is required when ${prefix}_CLIENT_ID is set`);
  if (secret && !id)
    throw new ConfigError(`${prefix}_CLIENT_ID`, `is required when ${prefix}_CLIENT_SECRET is set`);
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
};

const socialConfig = (e: z.infer<typeof envSchema>): SocialConfig => {
  const google = clientPair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const facebook = clientPair('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET);
  return {
    ...(google ? { google: { ...google, issuer: e.GOOGLE_ISSUER } } : {}),
    ...(facebook
      ? {
          facebook: {
            ...facebook,
            authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
            tokenUrl: e.FACEBOOK_TOKEN_URL,
            userinfoUrl: e.FACEBOOK_USERINFO_URL,
          },
        }
      : {}),
  };
};
