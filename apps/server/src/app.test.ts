import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, type TestHub } from './test-support/app.js';

const webDist = mkdtempSync(join(tmpdir(), 'hub-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Account Hub</title><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let hub: TestHub;
beforeAll(async () => {
  hub = await createTestHub('sqlite', { WEB_DIST: webDist });
});
afterAll(async () => {
  await hub.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz while the process lives', async () => {
    const res = await hub.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz only while the database answers', async () => {
    const res = await hub.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', database: 'sqlite' });
  });
});

describe('readiness', () => {
  it('answers /readyz with 503 once the database stops answering, while /healthz stays up', async () => {
    const lone = await createTestHub('sqlite', { WEB_DIST: webDist });
    await lone.database.close();
    const ready = await lone.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable' });
    expect((await lone.app.inject('/healthz')).statusCode).toBe(200);
    await lone.app.close();
  });
});

describe('web app serving', () => {
  it.each(['/', '/psl/login', '/biz/ubr/ubr_profile/registration/finalize', '/sso/rqx', '/cookiepolicy'])(
    'serves the app for the screen %s',
    async (path) => {
      const res = await hub.app.inject(`${path}?from=x`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/xyz/login', '/psl/login/extra', '/psl/login/', '/nope'])(
    'serves the app with status 404 for %s, which is no screen',
    async (path) => {
      const res = await hub.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await hub.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await hub.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const res = await hub.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data: https:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the security headers with API answers and errors too', async () => {
    const responses = [
      await hub.app.inject('/api/nope'),
      await hub.app.inject({ method: 'POST', url: '/api/login/identify', payload: '{' }),
      await hub.app.inject('/healthz'),
    ];
    for (const res of responses) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('API errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/api', '/api/nope', '/api/v1/si/attempt/email?account=x']) {
      const res = await hub.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('answers unknown non-GET requests with a JSON 404, never the app', async () => {
    const res = await hub.app.inject({ method: 'POST', url: '/psl/login', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
