import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { silentLog } from './log.js';
import { prepareDatabase } from './prepare.js';
import { KEY_PUBLISH_LEAD_MS } from './sso/signing-keys.js';
import { openDatabase } from './storage/database.js';
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
});
