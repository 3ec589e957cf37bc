import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type AppEnv, appEnvs } from '@hub/core';
import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS, policy } from './policy.js';
import { parseKeyEncryptionKey } from './services/key-encryption.js';

/** The operational contract of DESIGN.md: every variable, its default and its rule. */
const portSchema = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));
const keyEncryptionKey = z.string().transform((text, ctx) => {
  const key = parseKeyEncryptionKey(text);
  if (key) return key;
  ctx.addIssue({
    code: 'custom',
    message: 'must be 32 random bytes, base64 or 64 hex digits (openssl rand -base64 32)',
  });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  APP_ENV: z.enum(appEnvs).default('local'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:./data/hub.sqlite'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PSL_URL: httpUrl.optional(),
  BIZ_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : -')
    .default('hub:'),
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
  KEY_ENCRYPTION_KEY: keyEncryptionKey.optional(),
  KEY_ENCRYPTION_KEY_PREVIOUS: keyEncryptionKey.optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(36_500)
    .default(policy.auditRetentionMs / DAY_MS),
  CLEANUP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(policy.cleanupIntervalMs / MINUTE_MS),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(366 * 24)
    .default(policy.sessionTtlMs / HOUR_MS),
});

/** Never echoed in a configuration error: they hold passwords, client secrets or keys. */
const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'KEY_ENCRYPTION_KEY',
  'KEY_ENCRYPTION_KEY_PREVIOUS',
]);

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  appEnv: AppEnv;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  platformUrls: { psl: string; biz: string };
  logLevel: string;
  webDist: string;
  /**
   * Which X-Forwarded-For hops to believe (throttles and audit are per client IP): none (false),
   * the last N hops, or the hops that come from these addresses/CIDRs. Fastify's `trustProxy`.
   */
  trustProxy: TrustProxy;
  /** Starts every throttle key in Redis, so deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Where the local demo tool listens; the seeded catalogue's local callbacks point there. */
  demoToolUrl: string;
  /** Multiplies every throttle limit (1 in normal operation; raised for load tests). */
  rateLimitScale: number;
  /** Hub processes sharing the port on this machine (HUB_WORKERS; `auto` is one per core). */
  workers: number;
  /** Sign-in with Google and Facebook (issue 8): each present only when its client id and secret are set. */
  social: SocialConfig;
  /**
   * The key-encryption keys that seal the signing keys' private halves: `current` seals (and opens),
   * `previous` only opens, while a rotation is finished with `hub keys rewrap`. Without `current`
   * (local and development only) a fixed, public stand-in seals them.
   */
  keyEncryption: { current: Buffer | undefined; previous: Buffer | undefined };
  /** Audit events older than this many days are deleted by the cleanup; 0 keeps them for ever. */
  auditRetentionDays: number;
  /** How often a hub process runs the cleanup (one process at a time); 0 turns the in-process job off. */
  cleanupIntervalMinutes: number;
  /** How long a hub session (cookie and row) lasts from its sign-in: SESSION_TTL_HOURS, 30 days by default. */
  sessionTtlMs: number;
}

export type TrustProxy = false | number | string[];

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (proxyNames.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false`; a hop count (the client is the address that many hops back, which the
 * nearest proxies appended); or a comma-separated list of the proxies' addresses and CIDRs (the
 * client is the first address from the right that is not one of them). `true` once meant "believe
 * every hop", which lets a client pick its own address behind a proxy that appends: it now means
 * one hop, the load balancer in front of the hub.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text) && Number(text) <= 32) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a hop count from 1 to 32, or a comma-separated list of proxy IPs or CIDRs',
  });
  return z.NEVER;
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

/**
 * Every variable may instead be given as NAME_FILE=/path (Docker and Kubernetes secrets): the file's
 * contents without the trailing newline. Both at once is a mistake, not a precedence rule.
 */
const variableValue = (env: NodeJS.ProcessEnv, key: string): string | undefined => {
  const direct = env[key] === '' ? undefined : env[key];
  const file = env[`${key}_FILE`];
  if (file === undefined || file === '') return direct;
  if (direct !== undefined) throw new ConfigError(key, `and ${key}_FILE are both set: set one of them`);
  let contents: string;
  try {
    contents = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`${key}_FILE`, `names a file that cannot be read (${reason}): ${file}`);
  }
  const value = contents.replace(/[\r\n]+$/, '');
  if (value === '') throw new ConfigError(`${key}_FILE`, `names an empty file: ${file}`);
  return value;
};

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const input = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, variableValue(env, key)]));
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    const got = secretVariables.has(variable) ? 'value not shown' : `got ${JSON.stringify(input[variable])}`;
    throw new ConfigError(variable, `${issue.message} (${got})`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const relaxed = e.APP_ENV === 'local' || e.APP_ENV === 'development';
  if (!relaxed && !e.SMTP_URL) throw new ConfigError('SMTP_URL', `is required when APP_ENV=${e.APP_ENV}`);
  if (!relaxed && !e.MAIL_FROM) throw new ConfigError('MAIL_FROM', `is required when APP_ENV=${e.APP_ENV}`);
  if (!relaxed && !e.KEY_ENCRYPTION_KEY)
    throw new ConfigError(
      'KEY_ENCRYPTION_KEY',
      `is required when APP_ENV=${e.APP_ENV} (32 random bytes: openssl rand -base64 32)`,
    );
  if (e.KEY_ENCRYPTION_KEY_PREVIOUS && !e.KEY_ENCRYPTION_KEY)
    throw new ConfigError('KEY_ENCRYPTION_KEY', 'is required when KEY_ENCRYPTION_KEY_PREVIOUS is set');
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
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Account Hub <no-reply@localhost>',
    redisUrl: e.REDIS_URL,
    platformUrls: { psl: e.PSL_URL ?? `${publicUrl}/demo/psl`, biz: e.BIZ_URL ?? `${publicUrl}/demo/biz` },
    logLevel: e.LOG_LEVEL,
    webDist,
    trustProxy: e.TRUST_PROXY,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    demoToolUrl: e.DEMO_TOOL_URL,
    workers: e.HUB_WORKERS === 'auto' ? availableParallelism() : e.HUB_WORKERS,
    social: socialConfig(e),
    keyEncryption: { current: e.KEY_ENCRYPTION_KEY, previous: e.KEY_ENCRYPTION_KEY_PREVIOUS },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    sessionTtlMs: e.SESSION_TTL_HOURS * HOUR_MS,
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
