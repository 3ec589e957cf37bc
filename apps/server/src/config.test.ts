import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const expectBad = (env: NodeJS.ProcessEnv, variable: string) => {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect((caught as ConfigError).variable).toBe(variable);
  expect((caught as ConfigError).message).toContain(variable);
};

/** 32 bytes, as an operator makes them with `openssl rand -base64 32`. */
const kek = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';
const kekBytes = Buffer.from(kek, 'base64');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.appEnv).toBe('local');
    expect(config.databaseUrl).toBe('sqlite:./data/hub.sqlite');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.platformUrls).toEqual({
      psl: 'http://localhost:3000/demo/psl',
      biz: 'http://localhost:3000/demo/biz',
    });
    expect(config.trustProxy).toBe(false);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from URLs', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://id.example.ph/' }).publicUrl).toBe('https://id.example.ph');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ DATABASE_URL: 'mysql://localhost/hub' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PSL_URL: 'javascript:alert(1)' }, 'PSL_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ REDIS_KEY_PREFIX: 'hub prod' }, 'REDIS_KEY_PREFIX'],
    [{ HUB_WORKERS: '0' }, 'HUB_WORKERS'],
    [{ HUB_WORKERS: 'many' }, 'HUB_WORKERS'],
    [{ HUB_WORKERS: '1.5' }, 'HUB_WORKERS'],
  ])('refuses %o naming %s', (env, variable) => expectBad(env, variable));

  it('trusts X-Forwarded-For by hop count or by proxy address, and true only one hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // `true` used to believe every hop, so a client could choose its address: now it is one hop.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('keeps throttle keys in Redis under REDIS_KEY_PREFIX, hub: by default', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('hub:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'hub-staging:' }).redisKeyPrefix).toBe('hub-staging:');
  });

  it('runs one process unless HUB_WORKERS asks for more; auto is one per core', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ HUB_WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ HUB_WORKERS: 'auto' }).workers).toBe(availableParallelism());
  });

  it('requires real mail outside local and development', () => {
    const hub = { PUBLIC_URL: 'https://id.example.ph' };
    expectBad({ APP_ENV: 'sandbox', ...hub }, 'SMTP_URL');
    expectBad({ APP_ENV: 'sandbox', ...hub, SMTP_URL: 'smtp://mail:25' }, 'MAIL_FROM');
    expect(loadConfig({ APP_ENV: 'development' }).smtpUrl).toBeUndefined();
  });

  it('requires the platform sites in production', () => {
    const mail = {
      PUBLIC_URL: 'https://id.example.ph',
      SMTP_URL: 'smtps://mail:465',
      MAIL_FROM: 'Hub <hub@example.ph>',
      KEY_ENCRYPTION_KEY: kek,
    };
    expectBad({ APP_ENV: 'production', ...mail }, 'PSL_URL');
    expectBad({ APP_ENV: 'production', ...mail, PSL_URL: 'https://psl.example.ph' }, 'BIZ_URL');
    const config = loadConfig({
      APP_ENV: 'production',
      ...mail,
      PSL_URL: 'https://psl.example.ph',
      BIZ_URL: 'https://biz.example.ph/',
    });
    expect(config.platformUrls).toEqual({ psl: 'https://psl.example.ph', biz: 'https://biz.example.ph' });
  });

  it('enables a sign-in provider only with both its client id and secret', () => {
    expect(loadConfig({}).social).toEqual({});
    expectBad({ GOOGLE_CLIENT_ID: 'g-id' }, 'GOOGLE_CLIENT_SECRET');
    expectBad({ FACEBOOK_CLIENT_SECRET: 'f-secret' }, 'FACEBOOK_CLIENT_ID');
    expectBad(
      { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'not a url' },
      'GOOGLE_ISSUER',
    );
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      FACEBOOK_CLIENT_ID: 'f-id',
      FACEBOOK_CLIENT_SECRET: 'f-secret',
      FACEBOOK_TOKEN_URL: 'http://127.0.0.1:9/token/',
    });
    expect(config.social.google).toEqual({
      clientId: 'g-id',
      clientSecret: 'g-secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.social.facebook).toMatchObject({
      clientId: 'f-id',
      authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'http://127.0.0.1:9/token',
      userinfoUrl: 'https://graph.facebook.com/v19.0/me',
    });
  });

  const problemsOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.map((p) => p.variable);
    }
    throw new Error('loadConfig accepted the configuration');
  };
  const production = {
    APP_ENV: 'production',
    KEY_ENCRYPTION_KEY: kek,
    PUBLIC_URL: 'https://id.example.ph',
    SMTP_URL: 'smtps://mail:465',
    MAIL_FROM: 'Account Hub <no-reply@example.ph>',
    PSL_URL: 'https://personal.example.ph',
    BIZ_URL: 'https://business.example.ph',
  };

  it('starts in production only with a public https origin', () => {
    expect(loadConfig(production).publicUrl).toBe('https://id.example.ph');
    for (const appEnv of ['sandbox', 'production']) {
      const env = { ...production, APP_ENV: appEnv };
      expectBad({ ...env, PUBLIC_URL: undefined }, 'PUBLIC_URL');
      expectBad({ ...env, PUBLIC_URL: '' }, 'PUBLIC_URL');
      expectBad({ ...env, PUBLIC_URL: 'http://id.example.ph' }, 'PUBLIC_URL');
      expectBad({ ...env, PUBLIC_URL: 'http://localhost:3000' }, 'PUBLIC_URL');
    }
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      'PUBLIC_URL is required when APP_ENV=production',
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://id.example.ph' })).toThrow(
      'PUBLIC_URL must be an https:// URL when APP_ENV=production (got "http://id.example.ph")',
    );
    // local and development keep their plain-HTTP default.
    expect(loadConfig({ APP_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    'nobody',
    'Account Hub',
    'Account Hub <nobody>',
    'no-reply@',
    '@example.ph',
    'a@b@example.ph',
    'Hub <no-reply@example.ph',
    'no-reply@example.ph\r\nBcc: x@evil.example',
  ])('refuses MAIL_FROM=%j', (mailFrom) => {
    expectBad({ ...production, MAIL_FROM: mailFrom }, 'MAIL_FROM');
    expectBad({ MAIL_FROM: mailFrom }, 'MAIL_FROM');
  });

  it.each([
    'no-reply@example.ph',
    'Account Hub <no-reply@example.ph>',
    '"Account Hub, Manila" <no-reply@id.example.ph>',
  ])('accepts MAIL_FROM=%j', (mailFrom) => {
    expect(loadConfig({ ...production, MAIL_FROM: mailFrom }).mailFrom).toBe(mailFrom);
  });

  it('reports every problem in one go', () => {
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'KEY_ENCRYPTION_KEY',
      'PSL_URL',
      'BIZ_URL',
    ]);
    expect(
      problemsOf({
        ...production,
        PORT: 'eighty',
        MAIL_FROM: 'nobody',
        REDIS_URL: 'http://x',
        BIZ_URL: undefined,
      }),
    ).toEqual(['PORT', 'MAIL_FROM', 'REDIS_URL', 'BIZ_URL']);
    let message = '';
    try {
      loadConfig({ APP_ENV: 'sandbox', PUBLIC_URL: 'http://id.example.ph', MAIL_FROM: 'nobody' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration (4 problems):',
      '  MAIL_FROM must be an email address, alone or as Name <address> (got "nobody")',
      '  PUBLIC_URL must be an https:// URL when APP_ENV=sandbox (got "http://id.example.ph")',
      '  SMTP_URL is required when APP_ENV=sandbox',
      '  KEY_ENCRYPTION_KEY is required when APP_ENV=sandbox (32 random bytes: openssl rand -base64 32)',
    ]);
  });

  it('names the scheme a URL must have, and never prints its password', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL (got "http://x")',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.ph' })).toThrow(
      'SMTP_URL must be a smtp:// or smtps:// URL',
    );
    const secret = 'hunter2-very-secret';
    for (const env of [
      { REDIS_URL: `http://user:${secret}@cache.internal:6379` },
      { SMTP_URL: `https://user:${secret}@mail.internal` },
      { DATABASE_URL: `mysql://hub:${secret}@db.internal/hub` },
      { GOOGLE_CLIENT_SECRET: secret },
    ]) {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(Object.keys(env)[0]);
      expect(message).not.toContain(secret);
    }
  });
});

describe('key-encryption key, retention and secrets in files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hub-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const file = (contents: string) => {
    files += 1;
    const path = join(dir, `secret-${files}`);
    writeFileSync(path, contents);
    return path;
  };
  const sandbox = {
    APP_ENV: 'sandbox',
    PUBLIC_URL: 'https://id.example.ph',
    SMTP_URL: 'smtp://mail:25',
    MAIL_FROM: 'Hub <hub@example.ph>',
  };

  it('requires KEY_ENCRYPTION_KEY outside local and development, and takes base64 or hex', () => {
    expectBad(sandbox, 'KEY_ENCRYPTION_KEY');
    expect(loadConfig({ APP_ENV: 'development' }).keyEncryption).toEqual({
      current: undefined,
      previous: undefined,
    });
    expect(loadConfig({ ...sandbox, KEY_ENCRYPTION_KEY: kek }).keyEncryption.current).toEqual(kekBytes);
    const urlSafe = kekBytes.toString('base64url');
    expect(loadConfig({ KEY_ENCRYPTION_KEY: urlSafe }).keyEncryption.current).toEqual(kekBytes);
    const hex = kekBytes.toString('hex');
    expect(loadConfig({ KEY_ENCRYPTION_KEY: hex }).keyEncryption.current).toEqual(kekBytes);
    const previous = loadConfig({ KEY_ENCRYPTION_KEY: hex, KEY_ENCRYPTION_KEY_PREVIOUS: kek });
    expect(previous.keyEncryption.previous).toEqual(kekBytes);
  });

  it.each([
    ['too short', Buffer.alloc(31, 7).toString('base64')],
    ['too long', Buffer.alloc(33, 7).toString('base64')],
    ['a passphrase', 'correct horse battery staple correct horse b'],
    ['63 hex digits', 'a'.repeat(63)],
  ])('refuses a key-encryption key that is %s, without echoing it', (_, value) => {
    for (const variable of ['KEY_ENCRYPTION_KEY', 'KEY_ENCRYPTION_KEY_PREVIOUS']) {
      const env = { KEY_ENCRYPTION_KEY: kek, [variable]: value };
      expectBad(env, variable);
      expect(() => loadConfig(env)).toThrow(/openssl rand -base64 32/);
      expect(() => loadConfig(env)).not.toThrow(value);
    }
  });

  it('refuses a previous key-encryption key without a current one', () => {
    expectBad({ KEY_ENCRYPTION_KEY_PREVIOUS: kek }, 'KEY_ENCRYPTION_KEY');
  });

  it('never echoes a secret in a configuration error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://hub:hunter2@db/hub' })).toThrow(
      /a mysql: URL with credentials/,
    );
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'short-and-secret' })).toThrow(/value not shown/);
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY: 'short-and-secret' })).not.toThrow(/short-and-secret/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://hub:hunter2@db/hub' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter2@mail' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/got "eighty"/);
  });

  it('keeps audit events a year and cleans up hourly by default; 0 keeps them or turns the job off', () => {
    expect(loadConfig({})).toMatchObject({ auditRetentionDays: 365, cleanupIntervalMinutes: 60 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0', CLEANUP_INTERVAL_MINUTES: '0' })).toMatchObject({
      auditRetentionDays: 0,
      cleanupIntervalMinutes: 0,
    });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90', CLEANUP_INTERVAL_MINUTES: '5' })).toMatchObject({
      auditRetentionDays: 90,
      cleanupIntervalMinutes: 5,
    });
    expectBad({ AUDIT_RETENTION_DAYS: '-1' }, 'AUDIT_RETENTION_DAYS');
    expectBad({ AUDIT_RETENTION_DAYS: 'a year' }, 'AUDIT_RETENTION_DAYS');
    expectBad({ CLEANUP_INTERVAL_MINUTES: '1.5' }, 'CLEANUP_INTERVAL_MINUTES');
  });

  it('reads every secret from NAME_FILE, without the trailing newline', () => {
    const config = loadConfig({
      ...sandbox,
      SMTP_URL: undefined,
      SMTP_URL_FILE: file('smtps://hub:mail-password@mail.example.ph:465\n'),
      DATABASE_URL_FILE: file('postgres://hub:db-password@db.example.ph/hub\n'),
      REDIS_URL_FILE: file('rediss://:redis-password@redis.example.ph:6380\r\n'),
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET_FILE: file('g-secret'),
      FACEBOOK_CLIENT_ID: 'f-id',
      FACEBOOK_CLIENT_SECRET_FILE: file('f-secret\n'),
      KEY_ENCRYPTION_KEY_FILE: file(`${kekBytes.toString('hex')}\n`),
      KEY_ENCRYPTION_KEY_PREVIOUS_FILE: file(`${kek}\n`),
    });
    expect(config.smtpUrl).toBe('smtps://hub:mail-password@mail.example.ph:465');
    expect(config.databaseUrl).toBe('postgres://hub:db-password@db.example.ph/hub');
    expect(config.redisUrl).toBe('rediss://:redis-password@redis.example.ph:6380');
    expect(config.social.google?.clientSecret).toBe('g-secret');
    expect(config.social.facebook?.clientSecret).toBe('f-secret');
    expect(config.keyEncryption).toEqual({ current: kekBytes, previous: kekBytes });
  });

  it('refuses a variable set both ways, a file that cannot be read, and an empty one', () => {
    const both = { DATABASE_URL: 'sqlite:./a.sqlite', DATABASE_URL_FILE: file('sqlite:./b.sqlite') };
    expectBad(both, 'DATABASE_URL');
    expect(() => loadConfig(both)).toThrow(/DATABASE_URL_FILE are both set/);
    expectBad({ KEY_ENCRYPTION_KEY_FILE: join(dir, 'missing') }, 'KEY_ENCRYPTION_KEY_FILE');
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY_FILE: join(dir, 'missing') })).toThrow(/ENOENT/);
    expectBad({ SMTP_URL_FILE: file('\n') }, 'SMTP_URL_FILE');
    // A bad value from a file is judged like the same value set directly.
    expectBad({ KEY_ENCRYPTION_KEY_FILE: file('not a key\n') }, 'KEY_ENCRYPTION_KEY');
  });
});
