import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { silentLog } from './log.js';
import { LOCAL_EXAMPLE_CLIENT_ID, LOCAL_EXAMPLE_CLIENT_SECRET } from './oidc/local-client.js';
import { prepareDatabase } from './prepare.js';
import { KEY_PUBLISH_LEAD_MS } from './sso/signing-keys.js';
import { openDatabase } from './storage/database.js';
import { createOidcClientQueries } from './storage/oidc.js';
import { createTestDatabaseUrl } from './test-support/database-url.js';
import { testDialects } from './test-support/databases.js';

describe.each(testDialects)('the start-up preparation on %s', (dialect) => {
  it('publishes the key a fresh hub signs with before its first sign-in, cached for less than its lead', async () => {
    const { url, drop } = await createTestDatabaseUrl(dialect);
    const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent', DATABASE_URL: url });
    try {
      await prepareDatabase(config, { log: silentLog });
      // A second start (or a second process) adds no key.
      await prepareDatabase(config, { log: silentLog });
      const database = openDatabase(url);
      const { app, hub } = await buildApp({ config, database, logger: false });
      try {
        const res = await app.inject('/.well-known/jwks.json');
        const kids = (res.json().keys as { kid: string }[]).map((key) => key.kid);
        expect(kids).toHaveLength(1);
        expect((await hub.keys.current()).kid).toBe(kids[0]);
        // A tool's cached copy must expire before a key published by a rotation starts to sign.
        const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
        expect(maxAge).toBeGreaterThan(0);
        expect(maxAge * 1000).toBeLessThan(KEY_PUBLISH_LEAD_MS);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await drop();
    }
  });

  it('registers the OpenID Connect example in local only, its published secret working, its URIs following OIDC_EXAMPLE_URL', async () => {
    const { url, drop } = await createTestDatabaseUrl(dialect);
    const env = { LOG_LEVEL: 'silent', DATABASE_URL: url } as const;
    try {
      // Not in development (nor anywhere but local): the published secret must open nothing there.
      await prepareDatabase(loadConfig({ ...env, APP_ENV: 'development' }), { log: silentLog });
      const database = openDatabase(url);
      try {
        const clients = createOidcClientQueries(database.db);
        expect(await clients.find(LOCAL_EXAMPLE_CLIENT_ID)).toBeUndefined();

        await prepareDatabase(loadConfig({ ...env, APP_ENV: 'local' }), { log: silentLog });
        const config = loadConfig({ ...env, APP_ENV: 'local', OIDC_EXAMPLE_URL: 'http://localhost:4002' });
        await prepareDatabase(config, { log: silentLog });
        const row = await clients.find(LOCAL_EXAMPLE_CLIENT_ID);
        expect(row).toMatchObject({
          first_party: 1,
          public: 0,
          token_endpoint_auth_method: 'client_secret_basic',
        });
        expect(JSON.parse(row!.redirect_uris)).toEqual(['http://localhost:4002/callback']);
        expect(JSON.parse(row!.post_logout_redirect_uris)).toEqual(['http://localhost:4002/signed-out']);
        // Stored as a hash like every client's secret, never in the clear.
        expect(row!.secret_hash).not.toContain(LOCAL_EXAMPLE_CLIENT_SECRET);

        // The token endpoint takes the published secret (the grant itself is junk) and no other.
        const { app } = await buildApp({ config, database, logger: false });
        try {
          const grant = (secret: string) =>
            app.inject({
              method: 'POST',
              url: '/oidc/token',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                authorization: `Basic ${Buffer.from(`${LOCAL_EXAMPLE_CLIENT_ID}:${secret}`).toString('base64')}`,
              },
              payload: 'grant_type=refresh_token&refresh_token=not-a-token',
            });
          expect((await grant(LOCAL_EXAMPLE_CLIENT_SECRET)).json()).toMatchObject({ error: 'invalid_grant' });
          expect((await grant('wrong-secret')).json()).toMatchObject({ error: 'invalid_client' });
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    } finally {
      await drop();
    }
  });
});
