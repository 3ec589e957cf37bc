import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { signJwt } from '../sso/ainfo.js';
import { createKeyRing } from '../sso/signing-keys.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { createSealer, KeyDecryptionError, kekOf } from '../storage/key-encryption.js';
import { createSigningKeyQueries } from '../storage/signing-keys.js';
import { runHubCli } from '../test-support/cli.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { testDialects } from '../test-support/databases.js';

const run = runHubCli;

/** Private key material of an EC JWK in clear: the `d` member (and the key type next to it). */
const expectNoPrivateKeyInClear = (stored: string) => {
  expect(stored).not.toMatch(/"d"\s*:/);
  expect(stored).not.toContain('"kty"');
};

describe.each(testDialects)('signing keys encrypted at rest on %s', (dialect) => {
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);
  let url: string;
  let drop: () => Promise<void>;
  let database: HubDatabase;
  // Outside local and development, as an operator runs it.
  const envWith = (current?: Buffer, previous?: Buffer): NodeJS.ProcessEnv => ({
    APP_ENV: 'sandbox',
    PUBLIC_URL: 'https://id.example.ph',
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'Hub <hub@example.ph>',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    ...(current ? { KEY_ENCRYPTION_KEY: current.toString('base64') } : {}),
    ...(previous ? { KEY_ENCRYPTION_KEY_PREVIOUS: previous.toString('hex') } : {}),
  });
  const rows = () => database.db.selectFrom('signing_keys').selectAll().orderBy('kid').execute();

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl(dialect));
    expect((await run(['migrate'], { DATABASE_URL: url })).code).toBe(0);
    database = openDatabase(url, { poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('refuses to start outside local and development without KEY_ENCRYPTION_KEY', async () => {
    const result = await run(['keys', 'list'], envWith());
    expect(result.code).toBe(78);
    expect(result.err).toContain('KEY_ENCRYPTION_KEY is required when APP_ENV=sandbox');
  });

  it('stores the key the hub signs with encrypted with KEY_ENCRYPTION_KEY, and signs with it', async () => {
    const config = loadConfig(envWith(keyA));
    const built = await buildApp({ config, database, logger: false });
    try {
      const key = await built.hub.keys.current();
      const [row] = await rows();
      expect(row?.kid).toBe(key.kid);
      expectNoPrivateKeyInClear(row!.private_jwk);
      expect(JSON.parse(row!.private_jwk)).toMatchObject({ v: 1, kek: kekOf(keyA).id });
      // The public half stays readable: it is published.
      expect(JSON.parse(row!.public_jwk)).toMatchObject({ kty: 'EC', kid: key.kid });
      const token = signJwt(key, { sub: 'someone' });
      const verified = await jwtVerify(token, createLocalJWKSet(await built.hub.keys.jwks()));
      expect(verified.payload.sub).toBe('someone');
    } finally {
      await built.app.close();
    }
    expect((await run(['keys', 'list'], envWith(keyA))).out).toMatch(/\sKEY_ENCRYPTION_KEY\s+signing$/m);
  });

  it('rotates the key-encryption key: the previous one opens until hub keys rewrap, then only the new one is needed', async () => {
    // A key made by `hub keys rotate` under the old KEK, beside the one the hub made.
    expect((await run(['keys', 'rotate'], envWith(keyA))).code).toBe(0);
    const kids = (await rows()).map((r) => r.kid);
    expect(kids).toHaveLength(2);
    for (const row of await rows()) expectNoPrivateKeyInClear(row.private_jwk);

    // New KEK without the old one: the key cannot be opened, and the error says what to set.
    const withoutOld = createKeyRing(database, Date.now, createSealer({ current: keyB }));
    const refused = await withoutOld.current().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeyDecryptionError);
    expect((refused as Error).message).toContain('KEY_ENCRYPTION_KEY_PREVIOUS');
    const queries = createSigningKeyQueries(database.db, createSealer({ current: keyB }));
    expect((await queries.checkLive(Date.now())).unreadable.map((u) => u.kid).sort()).toEqual(kids);

    // During the rotation both are set: every key opens, and the listing shows which KEK holds it.
    const rotating = envWith(keyB, keyA);
    expect(
      (await createKeyRing(database, Date.now, createSealer({ current: keyB, previous: keyA })).current())
        .kid,
    ).toBeDefined();
    const listed = await run(['keys', 'list'], rotating);
    expect(listed.out.match(/KEY_ENCRYPTION_KEY_PREVIOUS/g)).toHaveLength(2);

    const rewrapped = await run(['keys', 'rewrap'], rotating);
    expect(rewrapped.code).toBe(0);
    expect(rewrapped.out).toContain('Encrypted anew with KEY_ENCRYPTION_KEY');
    expect(rewrapped.out).toContain(`: 2 key(s): ${kids.join(', ')}.`);
    for (const row of await rows()) {
      expectNoPrivateKeyInClear(row.private_jwk);
      expect(JSON.parse(row.private_jwk).kek).toBe(kekOf(keyB).id);
    }
    expect((await run(['keys', 'rewrap'], rotating)).out).toContain('Already encrypted with it: 2 key(s).');

    // The old KEK can go now.
    const after = createKeyRing(database, Date.now, createSealer({ current: keyB }));
    expect(kids).toContain((await after.current()).kid);
    const onlyOld = await run(['keys', 'rewrap'], envWith(keyA));
    expect(onlyOld.code).toBe(1);
    expect(onlyOld.err).toContain(
      `Not rewrapped: ${kids[0]}: signing key ${kids[0]} is encrypted with key-encryption key ${kekOf(keyB).id}`,
    );
  });

  it('keeps reading a key stored before encryption, and rewrap encrypts it', async () => {
    const plain = JSON.stringify({
      kty: 'EC',
      crv: 'P-256',
      x: 'x',
      y: 'y',
      d: 'legacy-private',
      kid: 'legacy',
    });
    await database.db
      .insertInto('signing_keys')
      .values({
        kid: 'legacy',
        alg: 'ES256',
        private_jwk: plain,
        public_jwk: '{}',
        created_at: 0,
        retired_at: null,
      })
      .execute();
    const env = envWith(keyB);
    expect((await run(['keys', 'list'], env)).out).toMatch(/^legacy\s.*\snot encrypted\s/m);
    const sealer = createSealer({ current: keyB });
    const queries = createSigningKeyQueries(database.db, sealer);
    expect((await queries.checkLive(Date.now())).notCurrent).toEqual(['legacy']);
    expect(queries.privateJwkOf({ kid: 'legacy', private_jwk: plain })).toBe(plain);

    const rewrapped = await run(['keys', 'rewrap'], env);
    expect(rewrapped.out).toContain(': 1 key(s): legacy.');
    const row = await database.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('kid', '=', 'legacy')
      .executeTakeFirstOrThrow();
    expectNoPrivateKeyInClear(row.private_jwk);
    expect(row.private_jwk).not.toContain('legacy-private');
    expect(queries.privateJwkOf(row)).toBe(plain);
    expect(await queries.checkLive(Date.now())).toEqual({ unreadable: [], notCurrent: [] });
  });
});
