import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type AppEnv, appEnvs, type Platform } from '@hub/core';
import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS, policy } from './policy.js';
import { type DatabaseTimeouts, defaultDatabaseTimeouts, type SqliteMemory } from './storage/database.js';
import { parseKeyEncryptionKey } from './storage/key-encryption.js';

/** Every variable, its default and its rule (docs/configuration.md). */
const portSchema = z.coerce.number().int().min(0).max(65535);
/** A database timeout in milliseconds: from a tenth of a second to ten minutes. */
const timeoutMs = z.coerce.number().int().min(100).max(600_000);
/** A URL of one of `schemes`; a wrong one is named in the message rather than zod's "Invalid URL". */
const urlOf = (...schemes: string[]) =>
  z.url({
    protocol: new RegExp(`^(${schemes.join('|')})$`),
    error: `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
  });
const httpUrl = urlOf('http', 'https').transform((u) => u.replace(/\/+$/, ''));
/** `Name <user@host>` or `user@host`: what nodemailer and every SMTP server accept as From. */
const mailbox = z
  .string()
  .regex(
    /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s.]+(?:\.[^<>@\s.]+)*>|[^<>@\s]+@[^<>@\s.]+(?:\.[^<>@\s.]+)*)$/,
    'must be an email address, alone or as Name <address>',
  );
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
  DATABASE_CONNECT_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.connectMs),
  DATABASE_ACQUIRE_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.acquireMs),
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs.default(defaultDatabaseTimeouts.statementMs),
  SQLITE_CACHE_MIB: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(65_536)]).default(2),
  SQLITE_MMAP_MIB: z.coerce.number().int().min(0).max(1_048_576).default(0),
  SMTP_URL: urlOf('smtp', 'smtps').optional(),
  MAIL_FROM: mailbox.optional(),
  REDIS_URL: urlOf('redis', 'rediss').optional(),
  BREACHED_PASSWORD_URL: httpUrl.optional(),
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
  OIDC_EXAMPLE_URL: httpUrl.default('http://localhost:3002'),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  SIGN_IN_CHALLENGE: z.enum(['on', 'off']).default('on'),
  REQUIRE_SECOND_FACTOR: z
    .string()
    .regex(/^\s*((psl|biz)\s*(,\s*(psl|biz)\s*)*)?$/, 'must be psl, biz, or psl,biz (or empty)')
    .default('')
    .transform(
      (text) =>
        [
          ...new Set(
            text
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          ),
        ] as Platform[],
    ),
  HUB_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], {
      error: 'must be a whole number from 1 to 256, or auto',
    })
    .default(1),
  METRICS_PORT: portSchema.optional(),
  METRICS_HOST: z.string().min(1).optional(),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
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

/** Every variable the server reads (each also as NAME_FILE); config-docs.test.ts keeps the docs complete. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/** Never echoed in a configuration error: they hold passwords, client secrets or keys (a URL is shown without its credentials). */
const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'BREACHED_PASSWORD_URL',
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
  /** How long a request waits on the database before it answers 503 (docs/resilience.md). */
  databaseTimeouts: DatabaseTimeouts;
  /** SQLite's page cache ('auto': sized from the file) and memory-mapped reads, in MiB (storage/database.ts). */
  sqliteMemory: SqliteMemory;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** A k-anonymity range API of breached passwords (Pwned Passwords style); off when undefined (services/breached-passwords.ts). */
  breachedPasswordUrl: string | undefined;
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
  /** Where the local OpenID Connect example runs; the seeded local client's redirect URIs point there. */
  oidcExampleUrl: string;
  /** Multiplies every throttle limit (1 in normal operation; raised for load tests). */
  rateLimitScale: number;
  /** SIGN_IN_CHALLENGE: the credential-stuffing checks and their proof-of-work challenge (docs/security.md). */
  signInChallenge: boolean;
  /** The platforms whose sign-ins need a second factor (REQUIRE_SECOND_FACTOR, docs/second-factors.md). */
  requireSecondFactor: Platform[];
  /** Hub processes sharing the port on this machine (HUB_WORKERS; `auto` is one per core). */
  workers: number;
  /** Sign-in with Google and Facebook: each present only when its client id and secret are set. */
  social: SocialConfig;
  /** Prometheus metrics listener (METRICS_PORT, METRICS_HOST): off unless a port is set; never the public port. */
  metrics: { port: number; host: string } | undefined;
  /** Mean event-loop lag (ms) above which new requests get 503 service.overloaded; 0 turns shedding off. */
  maxEventLoopDelayMs: number;
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

/** One variable that cannot work, and why. */
export interface ConfigProblem {
  variable: string;
  detail: string;
}

/**
 * The configuration cannot work. It lists every problem found, so an operator fixes them all in one
 * go instead of discovering them one restart at a time; `variable` is the first.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(variable: string, detail: string, ...more: ConfigProblem[]) {
    const problems = [{ variable, detail }, ...more];
    super(
      problems.length === 1
        ? `Invalid configuration: ${variable} ${detail}`
        : `Invalid configuration (${problems.length} problems):\n${problems.map((p) => `  ${p.variable} ${p.detail}`).join('\n')}`,
    );
    this.problems = problems;
  }

  get variable(): string {
    return this.problems[0]!.variable;
  }

  static of(problems: readonly ConfigProblem[]): ConfigError {
    const [first, ...more] = problems;
    return new ConfigError(first!.variable, first!.detail, ...more);
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

/** What a refused value looked like, without the password a URL may carry. */
const shown = (variable: string, value: string | undefined): string => {
  if (value === undefined) return 'unset';
  if ((secretVariables.has(variable) && !variable.endsWith('_URL')) || /SECRET|PASSWORD|_KEY$/.test(variable))
    return 'value not shown';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1];
  if (scheme && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) return `a ${scheme}: URL with credentials`;
  return JSON.stringify(value);
};

/** The rules between variables, which depend on APP_ENV: they run on the raw values. */
const environmentProblems = (input: Record<string, string | undefined>): ConfigProblem[] => {
  const appEnv = input.APP_ENV ?? 'local';
  if (!(appEnvs as readonly string[]).includes(appEnv)) return [];
  const problems: ConfigProblem[] = [];
  const required = (variable: string) => {
    if (input[variable] === undefined)
      problems.push({ variable, detail: `is required when APP_ENV=${appEnv}` });
  };
  if (appEnv === 'sandbox' || appEnv === 'production') {
    // Tokens name PUBLIC_URL as their issuer and cookies are Secure only on https: a default of
    // http://localhost would issue tokens no tool accepts and send session cookies in the clear.
    if (input.PUBLIC_URL === undefined) required('PUBLIC_URL');
    else if (!input.PUBLIC_URL.startsWith('https://'))
      problems.push({
        variable: 'PUBLIC_URL',
        detail: `must be an https:// URL when APP_ENV=${appEnv} (got ${shown('PUBLIC_URL', input.PUBLIC_URL)})`,
      });
    required('SMTP_URL');
    required('MAIL_FROM');
  }
  if (appEnv !== 'local' && appEnv !== 'development' && input.KEY_ENCRYPTION_KEY === undefined)
    problems.push({
      variable: 'KEY_ENCRYPTION_KEY',
      detail: `is required when APP_ENV=${appEnv} (32 random bytes: openssl rand -base64 32)`,
    });
  if (input.KEY_ENCRYPTION_KEY_PREVIOUS !== undefined && input.KEY_ENCRYPTION_KEY === undefined)
    problems.push({
      variable: 'KEY_ENCRYPTION_KEY',
      detail: 'is required when KEY_ENCRYPTION_KEY_PREVIOUS is set',
    });
  if (
    input.METRICS_PORT !== undefined &&
    input.METRICS_PORT !== '0' &&
    Number(input.METRICS_PORT) === Number(input.PORT ?? 3000)
  )
    problems.push({
      variable: 'METRICS_PORT',
      detail: 'must differ from PORT: the metrics are not for the public port',
    });
  if (appEnv === 'production') {
    required('PSL_URL');
    required('BIZ_URL');
  }
  for (const prefix of ['GOOGLE', 'FACEBOOK'] as const) {
    const [id, secret] = [`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`];
    // A provider is enabled only with both its client id and secret; one without the other is a mistake.
    if (input[id] !== undefined && input[secret] === undefined)
      problems.push({ variable: secret, detail: `is required when ${id} is set` });
    if (input[secret] !== undefined && input[id] === undefined)
      problems.push({ variable: id, detail: `is required when ${secret} is set` });
  }
  return problems;
};

/** Reads and validates the environment; throws one ConfigError listing every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const input: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, variableValue(env, key)]),
  );
  const parsed = envSchema.safeParse(input);
  const problems: ConfigProblem[] = [];
  for (const issue of parsed.error?.issues ?? []) {
    const variable = String(issue.path[0]);
    if (problems.some((p) => p.variable === variable)) continue;
    problems.push({ variable, detail: `${issue.message} (got ${shown(variable, input[variable])})` });
  }
  for (const problem of environmentProblems(input))
    if (!problems.some((p) => p.variable === problem.variable)) problems.push(problem);
  if (problems.length > 0 || !parsed.success) throw ConfigError.of(problems);
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
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
    sqliteMemory: { cacheMib: e.SQLITE_CACHE_MIB, mmapMib: e.SQLITE_MMAP_MIB },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Account Hub <no-reply@localhost>',
    redisUrl: e.REDIS_URL,
    breachedPasswordUrl: e.BREACHED_PASSWORD_URL,
    platformUrls: { psl: e.PSL_URL ?? `${publicUrl}/demo/psl`, biz: e.BIZ_URL ?? `${publicUrl}/demo/biz` },
    logLevel: e.LOG_LEVEL,
    webDist,
    trustProxy: e.TRUST_PROXY,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    signInChallenge: e.SIGN_IN_CHALLENGE === 'on',
    requireSecondFactor: e.REQUIRE_SECOND_FACTOR,
    demoToolUrl: e.DEMO_TOOL_URL,
    oidcExampleUrl: e.OIDC_EXAMPLE_URL,
    workers: e.HUB_WORKERS === 'auto' ? availableParallelism() : e.HUB_WORKERS,
    social: socialConfig(e),
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    keyEncryption: { current: e.KEY_ENCRYPTION_KEY, previous: e.KEY_ENCRYPTION_KEY_PREVIOUS },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    sessionTtlMs: e.SESSION_TTL_HOURS * HOUR_MS,
  };
};

/** Both halves of a provider's client, or none (environmentProblems refuses one without the other). */
const clientPair = (id: string | undefined, secret: string | undefined) =>
  id && secret ? { clientId: id, clientSecret: secret } : undefined;

const socialConfig = (e: z.infer<typeof envSchema>): SocialConfig => {
  const google = clientPair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const facebook = clientPair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET);
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
