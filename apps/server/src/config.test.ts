import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
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
    [{ HUB_WORKERS: '0' }, 'HUB_WORKERS'],
    [{ HUB_WORKERS: 'many' }, 'HUB_WORKERS'],
    [{ HUB_WORKERS: '1.5' }, 'HUB_WORKERS'],
  ])('refuses %o naming %s', (env, variable) => expectBad(env, variable));

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
      'Invalid configuration (3 problems):',
      '  MAIL_FROM must be an email address, alone or as Name <address> (got "nobody")',
      '  PUBLIC_URL must be an https:// URL when APP_ENV=sandbox (got "http://id.example.ph")',
      '  SMTP_URL is required when APP_ENV=sandbox',
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
