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
    expectBad({ APP_ENV: 'sandbox' }, 'SMTP_URL');
    expectBad({ APP_ENV: 'sandbox', SMTP_URL: 'smtp://mail:25' }, 'MAIL_FROM');
    expect(loadConfig({ APP_ENV: 'development' }).smtpUrl).toBeUndefined();
  });

  it('requires the platform sites in production', () => {
    const mail = { SMTP_URL: 'smtps://mail:465', MAIL_FROM: 'Hub <hub@example.ph>' };
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

  it('enables a sign-in provider only with both its client id and secret (issue 8)', () => {
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
});
