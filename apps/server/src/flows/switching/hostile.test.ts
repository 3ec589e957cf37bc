import { authEndpoints, switchingEndpoints } from '@hub/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToolCredential } from '../../sso/credentials.js';
import { seedAccount } from '../../test-support/accounts.js';
import { createTestHub, type TestHub } from '../../test-support/app.js';
import { browserFor, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';

const getEndpoints = [
  switchingEndpoints.defaultPlatformState,
  switchingEndpoints.defaultPlatformStatus,
  switchingEndpoints.workAccountStatus,
  switchingEndpoints.accountRead,
] as string[];
const postEndpoints = Object.values(switchingEndpoints).filter((path) => !getEndpoints.includes(path));
const tables = [
  'accounts',
  'platform_memberships',
  'account_links',
  'flows',
  'verification_codes',
  'mail_outbox',
  'sessions',
] as const;

/** Hostile field values: wrong types, huge strings, prototype keys, near-miss platforms. */
const hostileValue = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 2000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    "' OR 1=1 --",
    'a'.repeat(100_000),
    'PSL',
    'personal',
    'x@y',
  ),
);
const hostileBody = fc.oneof(
  fc.anything(),
  fc.dictionary(
    fc.constantFrom(
      'platform',
      'account',
      'flowId',
      'code',
      'password',
      'context',
      'email',
      'owner_aid',
      '__proto__',
      'x',
    ),
    hostileValue,
  ),
);

describe.each(testDialects)('hostile requests to switching, linking and work accounts on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let credential: string;

  beforeAll(async () => {
    hub = await createTestHub(dialect);
    const now = hub.clock.now();
    const made = newToolCredential(13);
    credential = made.credential;
    await hub.hub.tools.insert({
      tid: 13,
      name: 'Business',
      type: 1,
      logo: null,
      path_prefix: '',
      credential_hash: made.hash,
      created_at: now,
      updated_at: now,
    });
    // Signed in as a business owner, so the session checks are passed and the bodies are what is tried.
    await seedAccount(hub, { email: 'owner@example.ph', platforms: ['biz', 'psl'] });
    browser = browserFor(hub, '198.18.1.1');
    const first = await browser.post(authEndpoints.loginIdentify, {
      platform: 'biz',
      account: 'owner@example.ph',
    });
    await browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
  });
  afterAll(async () => hub?.close());

  const counts = async () =>
    Promise.all(
      tables.map(async (table) => {
        const row = await hub.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );

  it('answers every malformed POST body with a 4xx JSON error and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...postEndpoints), hostileBody, async (url, body) => {
        hub.clock.advance(61_000); // keep the per-IP look-up limit out of the way
        const before = await counts();
        const res = await browser.post(url, body === undefined ? null : body, {
          authorization: `Bearer ${credential}`,
        });
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(await counts()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('answers hostile query strings with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...getEndpoints),
        fc.string({ maxLength: 300 }),
        async (url, query) => {
          const q = encodeURIComponent(query);
          const res = await hub.app.inject({
            method: 'GET',
            url: `${url}?flowId=${q}&aid=${q}&${q}=1`,
            headers: { authorization: `Bearer ${credential}` },
          });
          expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 100 },
    );
  });
});
