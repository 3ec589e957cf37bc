import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type AppEnv, appEnvs } from '@hub/core';
import { z } from 'zod';

/** Every variable, its default and its rule (docs/configuration.md). */
const portSchema = z.coerce.number().int().min(0).max(65535);
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

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  APP_ENV: z.enum(appEnvs).default('local'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:./data/hub.sqlite'),
  SMTP_URL: urlOf('smtp', 'smtps').optional(),
  MAIL_FROM: mailbox.optional(),
  REDIS_URL: urlOf('redis', 'rediss').optional(),
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
  /** Sign-in with Google and Facebook: each present only when its client id and secret are set. */
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

/** What a refused value looked like, without the password a URL may carry. */
const shown = (variable: string, value: string | undefined): string => {
  if (value === undefined) return 'unset';
  if (/SECRET|PASSWORD|_KEY$/.test(variable)) return 'hidden';
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
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
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
