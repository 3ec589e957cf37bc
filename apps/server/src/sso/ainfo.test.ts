import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { accountRow } from '../test-support/accounts.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { issueAinfo, signJwt } from './ainfo.js';
import { AINFO_TTL_SECONDS, createKeyRing, KEY_PUBLISH_LEAD_MS } from './signing-keys.js';

const issuer = 'https://accounts.example.ph';

describe.each(testDialects)('ainfo signing on %s', (dialect) => {
  let database: HubDatabase;
  let now = Date.UTC(2031, 4, 1);
  const clock = () => now;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto('accounts')
      .values(accountRow('acc-1', 'ainfo@example.ph', now))
      .execute();
  });
  afterAll(async () => database?.close());

  it('signs an ES256 JWT that a tool verifies with the published JWKS, bound to its audience', async () => {
    const ring = createKeyRing(database, clock);
    const token = await issueAinfo(
      { db: database.db, keys: ring, issuer, now: clock },
      { accountId: 'acc-1', accountType: 3, platform: 'biz', authMethod: 'password' },
      { kind: 'tool', tid: 14 },
    );
    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: 'ES256', kid: (await ring.current()).kid, typ: 'JWT' });

    const jwks = createLocalJWKSet(await ring.jwks());
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: 'tool:14',
      algorithms: ['ES256'],
      currentDate: new Date(now),
    });
    expect(payload).toMatchObject({ aid: 'acc-1', sub: 'acc-1', account_type: 3, platform: 'biz' });
    expect(payload.exp).toBe(Number(payload.iat) + AINFO_TTL_SECONDS);
    // The jti is recorded, so the tool can redeem it once.
    const row = await database.db
      .selectFrom('issued_tokens')
      .selectAll()
      .where('jti', '=', String(payload.jti))
      .executeTakeFirst();
    expect(row).toMatchObject({ tid: 14, account_id: 'acc-1', redeemed_at: null });
    await expect(
      jwtVerify(token, jwks, { audience: 'tool:15', currentDate: new Date(now) }),
    ).rejects.toThrow();
  });

  it('makes signatures that fail once a single character of the claims changes', async () => {
    const key = await createKeyRing(database, clock).current();
    const token = signJwt(key, { aid: 'acc-2', exp: Math.floor(now / 1000) + 60 });
    const [head, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(body, 'base64url').toString().replace('acc-2', 'acc-3');
    const jwks = createLocalJWKSet(await createKeyRing(database, clock).jwks());
    await expect(jwtVerify(token, jwks, { currentDate: new Date(now) })).resolves.toBeDefined();
    await expect(
      jwtVerify(`${head}.${Buffer.from(forged).toString('base64url')}.${signature}`, jwks, {
        currentDate: new Date(now),
      }),
    ).rejects.toThrow(/signature/);
  });

  it('signs with a key rotated by another process once its lead has passed', async () => {
    const ring = createKeyRing(database, clock);
    const old = (await ring.current()).kid;
    // Another hub process rotates: this one keeps signing with the old key during the lead…
    const kid = await createKeyRing(database, clock).rotate();
    now += KEY_PUBLISH_LEAD_MS / 2;
    expect((await ring.current()).kid).toBe(old);
    // …and with the new one once the lead is over, without being told.
    now += KEY_PUBLISH_LEAD_MS / 2;
    expect((await ring.current()).kid).toBe(kid);
  });
});
