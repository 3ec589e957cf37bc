// The bench's data, written with the hub's own modules (apps/server/dist) into the database the
// hub under test uses: accounts with Argon2id passwords and memberships, one registered tool with
// a known credential, and ainfo tokens issued for that tool exactly as a sign-in issues them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dist } from './paths.mjs';

const { openDatabase } = await import(dist('storage/database.js'));
const { migrateToLatest } = await import(dist('storage/migrate.js'));
const { hashPassword } = await import(dist('services/passwords.js'));
const { createAccountQueries } = await import(dist('storage/accounts.js'));
const { createToolQueries } = await import(dist('storage/tools.js'));
const { registerTool } = await import(dist('sso/credentials.js'));
const { verifiedEmailAccount } = await import(dist('flows/new-account.js'));
const { createKeyRing } = await import(dist('sso/signing-keys.js'));
const { issueAinfo } = await import(dist('sso/ainfo.js'));
const { registerOidcClient } = await import(dist('oidc/clients.js'));
const { createOidcClientQueries } = await import(dist('storage/oidc.js'));

// The browser's device cookie (services/device.ts): the people of the bench sign in from a browser
// they used before, as most sign-ins are. Without it each login would be a new browser to its
// account: a known_devices row replaced and a notice throttled, every time. PUBLIC_URL is https
// (bench/lib/hub.mjs), so the cookies carry the __Host- prefix.
export const BENCH_DEVICE_COOKIE = '__Host-hub_device=bench-device-cookie-0123456789abcdef';
export const BENCH_PASSWORD = 'Bench-Password-2026!';
export const BENCH_TID = 9001;
export const accountEmail = (i) => `bench-user-${i}@example.com`;
export const BENCH_REDIRECT_URI = 'https://tool.bench.example/callback';

/** A fresh database for one bench run: a SQLite file in a temporary folder, or a PostgreSQL database beside `adminUrl`'s. */
export const createBenchDatabase = async (dialect, adminUrl) => {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'hub-bench-'));
    return {
      url: `sqlite:${join(dir, 'hub.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `hub_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
};

const adminQuery = async (url, text) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/** Migrates and seeds: `accounts` accounts on both platforms, and the bench tool. Returns the tool's credential. */
export const seedDatabase = async (url, { accounts }) => {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database);
    const queries = createAccountQueries(database.db);
    const now = Date.now();
    // Each account its own hash (its own salt), as sign-ups leave them; hashed in parallel.
    const hashes = await Promise.all(Array.from({ length: accounts }, () => hashPassword(BENCH_PASSWORD)));
    await database.db.transaction().execute(async (trx) => {
      for (const [i, hash] of hashes.entries()) {
        const id = randomUUID();
        const email = accountEmail(i);
        await queries.insert(
          trx,
          verifiedEmailAccount({ id, email, passwordHash: hash, platform: 'psl', uType: 1, now }),
        );
        await queries.addMembership(trx, id, 'psl', true, now);
        await queries.addMembership(trx, id, 'biz', false, now);
      }
    });
    const credential = await registerTool(
      createToolQueries(database.db),
      { tid: BENCH_TID, name: 'Bench Tool', type: 1 },
      now,
    );
    // The signing key a hub has once it has signed anything (or after `hub keys rotate`).
    await createKeyRing(database, Date.now).current();
    const accountIds = (await database.db.selectFrom('accounts').select('id').execute()).map((row) => row.id);
    return { credential, accountIds };
  } finally {
    await database.close();
  }
};

/**
 * `count` ainfo tokens for the bench tool, issued by the hub's own issueAinfo (signed with the
 * database's current key, jti recorded), in a few parallel transactions. They live 120 s.
 */
export const issueToolTokens = async (url, { issuer, accountIds, count }) => {
  const database = openDatabase(url);
  try {
    // The key to sign with, looked up once: inside a SQLite transaction the key ring could not
    // query (one connection), and every token of the batch is signed by the same key anyway.
    const key = await createKeyRing(database, Date.now).current();
    const keys = { current: async () => key };
    const lanes = database.dialect === 'sqlite' ? 1 : 4;
    const perLane = Math.ceil(count / lanes);
    const batches = await Promise.all(
      Array.from({ length: lanes }, (_, lane) =>
        database.db.transaction().execute(async (trx) => {
          const tokens = [];
          for (let i = lane * perLane; i < Math.min(count, (lane + 1) * perLane); i += 1) {
            const accountId = accountIds[i % accountIds.length];
            tokens.push(
              await issueAinfo(
                { db: trx, keys, issuer, now: Date.now },
                { accountId, accountType: 'psl', platform: 'psl', authMethod: 'password' },
                { kind: 'tool', tid: BENCH_TID },
              ),
            );
          }
          return tokens;
        }),
      ),
    );
    return batches.flat();
  } finally {
    await database.close();
  }
};

/** A first-party confidential OpenID Connect client, registered as `hub clients add` does. */
export const registerBenchClient = async (url) => {
  const database = openDatabase(url);
  try {
    return await registerOidcClient(
      createOidcClientQueries(database.db),
      {
        name: 'Bench Relying Party',
        redirectUris: [BENCH_REDIRECT_URI],
        public: false,
        firstParty: true,
        platform: null,
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
      },
      Date.now(),
    );
  } finally {
    await database.close();
  }
};
