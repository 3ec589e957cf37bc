// `npm run bench -- --scale[=N]`: the hub on a database holding N accounts (default 1,000,000) beside
// the same hub on an empty one, in alternating rounds (docs/performance.md "At a million accounts").
//
// The data goes in through the hub's own schema (its migrations, then plain multi-row inserts in big
// transactions, or arrays unnested by PostgreSQL), fast enough for minutes, not hours:
//   N accounts, each a member of both platforms, all with one shared real Argon2id hash;
//   N sessions (nine in ten expired, up to 90 days ago);
//   N finished login flows (expired, up to 90 days ago);
//   5 N audit rows over the last 90 days.
// The seeded database is kept for the next run (bench/results/scale/hub-<N>.sqlite, or the PostgreSQL
// database hub_scale_<N>); a run tops up whatever a cleanup deleted (rows already there, such as an
// account a top-up would add again after another was erased, are skipped). The empty database is made
// fresh each run the same way with 128 accounts and nothing else.
//
// Measured on both: the account look-up (over 128 accounts, and spread over all N), the whole
// password login, the account center's /api/me, the start-up time (process start to /readyz 200)
// and each scenario's peak memory; then `hub cleanup` on each (its backlog on the seeded one).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { startHub } from './hub.mjs';
import { runScenarioPair } from './load.mjs';
import { dist, resultsDir, root } from './paths.mjs';
import { summarizeProfiles } from './profile.mjs';
import { scenarios } from './scenarios.mjs';
import { accountEmail, BENCH_PASSWORD } from './setup.mjs';

const { openDatabase } = await import(dist('storage/database.js'));
const { migrateToLatest } = await import(dist('storage/migrate.js'));
const { hashPassword } = await import(dist('services/passwords.js'));
const { ADMIN_PAGE_SIZE } = await import('@hub/core');

const DAY = 86_400_000;
const EMPTY_ACCOUNTS = 128;
const scaleDir = join(resultsDir, 'scale');

/** Account i's id: a valid UUID that the seeding of any other table can name without reading it back. */
const accountId = (i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** First and last names the profiles are made of: 40 × 50 of them, as common as a country's. */
const FIRST_NAMES = (
  'Maria Jose Juan Ana Mark John Michael Angelo Christian Jennifer Joshua Kimberly Jessa Carlo Paolo ' +
  'Patricia Andrea Nicole Camille Miguel Gabriel Rafael Daniel Bea Joy Grace Liza Rosa Ramon Roberto ' +
  'Ricardo Teresa Carmen Luis Antonio Manuel Elena Sofia Isabel Diego'
).split(' ');
const LAST_NAMES = (
  'Santos Reyes Cruz Bautista Ocampo Garcia Mendoza Torres Tomas Andrada Castillo Flores Villanueva ' +
  'Ramos Castro Rivera Aquino Navarro Salazar Mercado Dela-Cruz Gonzales Lopez Hernandez Perez ' +
  'Aguilar Manalo Pascual Santiago Domingo Soriano Valdez Gutierrez Fernandez Morales Dizon Lim Tan ' +
  'Sy Chua Go Ong Yap Uy Co Robles Padilla Marquez Sison Lacson'
).split(' ');
/** Account i's first and last name: each pair shared by one account in 2,000. */
const accountName = (i) => [
  FIRST_NAMES[i % FIRST_NAMES.length],
  LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length],
];

/**
 * The rows each table should hold for `accounts` accounts: the same for the small database as for
 * the large one, so that a figure about one account (its page in the console, with its sessions
 * and audit events) compares like with like. Until 2026-12-07 the small one held accounts only.
 */
export const scaleTargets = (accounts) => ({
  accounts,
  profiles: accounts,
  sessions: accounts,
  flows: accounts,
  audit_events: accounts * 5,
});

/** A deterministic-enough spread: the bench needs realistic shapes, not unpredictability. */
const pick = (n) => Math.floor(Math.random() * n);

/** Row i of a table, as column values in the order of `columns[table]`. */
const columns = {
  accounts: [
    'id',
    'email',
    'email_normalized',
    'password_hash',
    'home_platform',
    'user_type',
    'u_type',
    'verified',
    'created_at',
    'updated_at',
    'password_changed_at',
  ],
  platform_memberships: ['account_id', 'platform', 'is_default', 'linked_at'],
  profiles: ['account_id', 'first_name', 'last_name', 'contact_info', 'other_info', 'profile', 'created_at'],
  sessions: [
    'id',
    'account_id',
    'platform',
    'auth_method',
    'ip',
    'user_agent',
    'created_at',
    'last_seen_at',
    'expires_at',
    'amr',
  ],
  flows: [
    'id',
    'kind',
    'state',
    'platform',
    'account_id',
    'identifier',
    'identifier_kind',
    'context',
    'binding_hash',
    'attempts',
    'expires_at',
    'created_at',
    'updated_at',
  ],
  audit_events: ['at', 'event', 'outcome', 'account_id', 'ip', 'detail'],
};

const rowsOf = {
  accounts: (i, { now, hash }) => {
    const email = accountEmail(i);
    const at = now - 400 * DAY + i;
    return [accountId(i), email, email, hash, 'psl', 0, 1, 1, at, at, at];
  },
  profiles: (i, { now }) => [accountId(i), ...accountName(i), '{}', '{}', '{}', now - 400 * DAY + i],
  sessions: (_i, { now, accounts }) => {
    // Nine in ten expired, up to 90 days ago; the others live for up to 30 days more.
    const expires = Math.random() < 0.9 ? now - DAY - pick(89 * DAY) : now + pick(30 * DAY);
    const created = expires - 30 * DAY;
    return [
      randomBytes(32).toString('hex'),
      accountId(pick(accounts)),
      'psl',
      'password',
      `198.51.100.${pick(250)}`,
      'Mozilla/5.0 (bench)',
      created,
      created,
      expires,
      'pwd',
    ];
  },
  flows: (_i, { now, accounts }) => {
    const n = pick(accounts);
    const expires = now - DAY - pick(89 * DAY);
    return [
      randomUUID(),
      'login',
      'completed',
      'psl',
      accountId(n),
      accountEmail(n),
      'email',
      '{}',
      'bench',
      0,
      expires,
      expires - 15 * 60_000,
      expires - 14 * 60_000,
    ];
  },
  audit_events: (_i, { now, accounts }) => [
    now - pick(90 * DAY),
    'login.success',
    'success',
    accountId(pick(accounts)),
    `198.51.100.${pick(250)}`,
    '{}',
  ],
};

/** Inserts rows `from`..`to` of `table` (and each new account's two memberships) with better-sqlite3. */
const sqliteInserter = (file) => {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const perStatement = 100;
  const statementFor = (table, rows) =>
    sqlite.prepare(
      `insert into ${table} (${columns[table].join(', ')}) values ${Array.from(
        { length: rows },
        () => `(${columns[table].map(() => '?').join(', ')})`,
      ).join(', ')} on conflict do nothing`,
    );
  const count = (table) => Number(sqlite.prepare(`select count(*) as n from ${table}`).get().n);
  const insert = (table, rows) => {
    const full = statementFor(table, perStatement);
    const write = sqlite.transaction((all) => {
      for (let at = 0; at < all.length; at += perStatement) {
        const chunk = all.slice(at, at + perStatement);
        (chunk.length === perStatement ? full : statementFor(table, chunk.length)).run(chunk.flat());
      }
    });
    write(rows);
  };
  return { count, insert, close: async () => sqlite.close() };
};

/** The same on PostgreSQL: one statement per batch, each column an array that unnest turns into rows. */
const postgresInserter = async (url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  const types = {
    accounts: ['text', 'text', 'text', 'text', 'text', 'int', 'int', 'int', 'bigint', 'bigint', 'bigint'],
    platform_memberships: ['text', 'text', 'int', 'bigint'],
    profiles: ['text', 'text', 'text', 'text', 'text', 'text', 'bigint'],
    sessions: ['text', 'text', 'text', 'text', 'text', 'text', 'bigint', 'bigint', 'bigint', 'text'],
    flows: [
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'int',
      'bigint',
      'bigint',
      'bigint',
    ],
    audit_events: ['bigint', 'text', 'text', 'text', 'text', 'text'],
  };
  const count = async (table) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  const insert = async (table, rows) => {
    const arrays = columns[table].map((_, c) => rows.map((row) => row[c]));
    await client.query(
      `insert into ${table} (${columns[table].join(', ')}) select * from unnest(${types[table]
        .map((type, c) => `$${c + 1}::${type}[]`)
        .join(', ')}) on conflict do nothing`,
      arrays,
    );
  };
  // As autovacuum would soon after a bulk load on a production server (this machine's runs with it
  // off): the planner's statistics and the visibility map for the tables just filled or emptied.
  // Accounts loaded: their indexes rebuilt first, as after any bulk import
  // (docs/operations.md "After a bulk import"). Each account's memberships rewrite its row
  // (`platforms`, migration 0024) in the same transaction as its insert, so every index of `accounts`
  // took both versions' entries and split its pages before the first could be cleaned: the login
  // index was 2.3 times its size and look-ups spread over every account slower by a tenth
  // (docs/performance.md). Accounts signing up one by one leave little of it: the old entries are
  // cleaned between them.
  const settle = async ({ accountsLoaded }) => {
    if (accountsLoaded) await client.query('reindex table accounts');
    await client.query(
      'vacuum (analyze) accounts, platform_memberships, profiles, sessions, flows, audit_events',
    );
  };
  return { count, insert, settle, close: () => client.end() };
};

/**
 * Tops `url`'s tables up to `targets`, migrating first with the hub's own migrations. Returns what it
 * inserted and how long it took.
 */
export const seedScale = async (dialect, url, targets, log) => {
  const started = Date.now();
  // As the hub migrates (prepare.ts, `hub migrate`): without the statement timeout, which an index
  // built over five million audit rows outlasts on PostgreSQL.
  const database = openDatabase(url, { timeouts: { statementMs: 0 } });
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  const io = dialect === 'sqlite' ? sqliteInserter(url.slice('sqlite:'.length)) : await postgresInserter(url);
  const inserted = {};
  try {
    const context = { now: Date.now(), hash: await hashPassword(BENCH_PASSWORD), accounts: targets.accounts };
    const batch = 20_000;
    for (const table of ['accounts', 'profiles', 'sessions', 'flows', 'audit_events']) {
      const have = await io.count(table);
      inserted[table] = Math.max(0, targets[table] - have);
      if (inserted[table] > 0) log(`  ${table}: ${have} → ${targets[table]}`);
      // Accounts by index from the first: one erased since (a cleanup's erasure) comes back under its
      // id, which the other tables' rows name; those already there are skipped.
      const first = table === 'accounts' && have < targets[table] ? 0 : have;
      for (let from = first; from < targets[table]; from += batch) {
        const to = Math.min(targets[table], from + batch);
        const rows = [];
        for (let i = from; i < to; i += 1) rows.push(rowsOf[table](i, context));
        await io.insert(table, rows);
        if (table === 'accounts')
          await io.insert(
            'platform_memberships',
            rows.flatMap(([id, , , , , , , , at]) => [
              [id, 'psl', 1, at],
              [id, 'biz', 0, at],
            ]),
          );
        if (to % 200_000 === 0) log(`    ${table}: ${to}`);
      }
    }
    await io.settle?.({ accountsLoaded: inserted.accounts > 0 });
  } finally {
    await io.close();
  }
  return { inserted, seconds: (Date.now() - started) / 1000 };
};

const adminQuery = async (url, text, values) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
};

/** The kept database of N accounts: its URL (created on first use). */
const keptDatabase = async (dialect, adminUrl, accounts) => {
  mkdirSync(scaleDir, { recursive: true });
  if (dialect === 'sqlite') return `sqlite:${join(scaleDir, `hub-${accounts}.sqlite`)}`;
  const name = `hub_scale_${accounts}`;
  const exists = await adminQuery(adminUrl, 'select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A fresh empty database for this run, and how to drop it. */
const emptyDatabase = async (dialect, adminUrl) => {
  if (dialect === 'sqlite') {
    const file = join(scaleDir, `empty-${process.pid}.sqlite`);
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const name = `hub_scale_empty_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
};

/** The database's size on disk, in MiB. */
const sizeMiB = async (dialect, url) => {
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    let bytes = 0;
    for (const suffix of ['', '-wal'])
      if (existsSync(`${file}${suffix}`)) bytes += statSync(`${file}${suffix}`).size;
    return Math.round(bytes / 2 ** 20);
  }
  const name = new URL(url).pathname.slice(1);
  const res = await adminQuery(url, 'select pg_database_size($1) as n', [name]);
  return Math.round(Number(res.rows[0].n) / 2 ** 20);
};

/**
 * What of the PostgreSQL server's set-up moves the spread look-up: its buffer pool and whether that
 * pool is in huge pages (0.83 without them, 0.99–1.00 with; the part on huge pages of
 * docs/performance.md "At a million accounts"). `huge_pages_status` exists from PostgreSQL 17;
 * before it, a server with `try` uses huge pages only if the machine reserved some before it started.
 */
const postgresServer = async (url) => {
  // One query: current_setting(…, true) is null where the server has no such setting.
  const { rows } = await adminQuery(
    url,
    `select current_setting('shared_buffers') as "sharedBuffers", current_setting('huge_pages') as "hugePages",
            current_setting('huge_pages_status', true) as "hugePagesStatus"`,
  );
  const server = { ...rows[0], hugePagesStatus: rows[0].hugePagesStatus ?? undefined };
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(url).hostname);
  if (local && existsSync('/proc/meminfo')) {
    const total = /^HugePages_Total:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (total) server.machineHugePages = Number(total[1]);
  }
  return server;
};

/** One line on the PostgreSQL server's set-up, with a warning where huge pages are surely off. */
const formatPostgresServer = (server) => {
  const status = server.hugePagesStatus
    ? ` (${server.hugePagesStatus})`
    : server.hugePages === 'try'
      ? ' (in use only if the machine reserved them before the server started)'
      : '';
  const machine =
    server.machineHugePages === undefined
      ? ''
      : `; this machine reserves ${server.machineHugePages} huge pages`;
  const off =
    server.hugePages === 'off' ||
    server.hugePagesStatus === 'off' ||
    (server.hugePagesStatus === undefined && server.machineHugePages === 0);
  return (
    `the PostgreSQL server: shared_buffers ${server.sharedBuffers}, huge_pages ${server.hugePages}${status}${machine}` +
    (off
      ? '\n  its buffer pool is in 4 KiB pages: look-ups spread over many accounts cost it a sixth more (docs/configuration.md, "Sizing the database")'
      : '')
  );
};

/** Each database's size and, on PostgreSQL, the server's set-up (logged), for the report. */
const describeDatabases = async (dialect, databases, log) => {
  const sizes = {};
  for (const db of databases) sizes[db.name] = await sizeMiB(dialect, db.url);
  const large = databases.find((db) => db.name === 'large');
  const server = dialect === 'postgres' ? await postgresServer(large.url) : undefined;
  if (server) log(formatPostgresServer(server));
  return { sizes, server };
};

/**
 * The KEY_ENCRYPTION_KEY of the kept databases: their signing keys are sealed with it, so it is kept
 * beside them (bench/results is not in git) and used again by every run.
 */
export const scaleKeyEncryptionKey = () => {
  mkdirSync(scaleDir, { recursive: true });
  const file = join(scaleDir, 'key-encryption-key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
};

/** The look-up spread over every account of the database: each request a random one of N. */
const spreadLookup = (accounts) => ({
  id: 'lookup-spread',
  label: `1b. account look-up spread over ${accounts.toLocaleString('en')} accounts`,
  async prepare(ctx) {
    const headers = {
      'content-type': 'application/json',
      origin: ctx.hub.origin,
      cookie: `__Host-hub_fb=${randomBytes(32).toString('base64url')}`,
      'user-agent': 'hub-bench',
    };
    const body = () => JSON.stringify({ platform: 'psl', account: accountEmail(pick(accounts)) });
    const check = await fetch(`${ctx.hub.url}/api/login/identify`, { method: 'POST', headers, body: body() });
    if (!check.ok) throw new Error(`identify answered ${check.status}`);
    return {
      spec: {
        connections: 50,
        method: 'POST',
        path: '/api/login/identify',
        headers,
        setupRequest: (req) => {
          req.body = body();
          return req;
        },
      },
    };
  },
});

/** Account `i`'s session cookie from one password login, as a browser gets it. */
const passwordSession = async (hub, i) => {
  const headers = {
    'content-type': 'application/json',
    origin: hub.origin,
    cookie: `__Host-hub_fb=${randomBytes(32).toString('base64url')}`,
    'user-agent': 'hub-bench',
  };
  const identify = await fetch(`${hub.url}/api/login/identify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ platform: 'psl', account: accountEmail(i) }),
  });
  const { flowId } = await identify.json();
  const login = await fetch(`${hub.url}/api/login/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ flowId, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
};

/** The account center's first read, /api/me, with the session of one password login. */
const meScenario = {
  id: 'me',
  label: '4. /api/me (the account center)',
  async prepare(ctx) {
    const cookie = await passwordSession(ctx.hub, 1);
    const me = await fetch(`${ctx.hub.url}/api/me`, { headers: { cookie, 'user-agent': 'hub-bench' } });
    if (!me.ok) throw new Error(`/api/me answered ${me.status}: ${await me.text()}`);
    return {
      spec: { connections: 50, path: '/api/me', headers: { cookie, 'user-agent': 'hub-bench' } },
    };
  },
};

/** Runs `statements` ([text, values]) on the database at `url`, as the command line would. */
const writeDirectly = async (url, statements) => {
  if (url.startsWith('sqlite:')) {
    const sqlite = new Sqlite(url.slice('sqlite:'.length));
    try {
      sqlite.pragma('busy_timeout = 5000');
      for (const [text, values] of statements) sqlite.prepare(text.replace(/\$\d+/g, '?')).run(...values);
    } finally {
      sqlite.close();
    }
    return;
  }
  for (const [text, values] of statements) await adminQuery(url, text, values);
};

/**
 * An operator's console session: account 0 signs in with its password, is granted the viewer role
 * (as `hub operators grant` does) and its session is marked as having proved a second factor, which
 * the console requires (docs/console.md "Entering"); the bench stands in for the authenticator
 * code. Answers the headers of the console's requests.
 */
const operatorSession = async (ctx) => {
  const cookie = await passwordSession(ctx.hub, 0);
  const now = Date.now();
  await writeDirectly(ctx.database.url, [
    [
      `insert into operators (account_id, role, granted_at, granted_by) values ($1, 'viewer', $2, null)
       on conflict (account_id) do nothing`,
      [accountId(0), now],
    ],
    [
      `update sessions set amr = 'pwd otp' where account_id = $1 and revoked_at is null and expires_at > $2`,
      [accountId(0), now],
    ],
  ]);
  const headers = {
    cookie,
    origin: ctx.hub.origin,
    'sec-fetch-site': 'same-origin',
    'user-agent': 'hub-bench',
  };
  const me = await fetch(`${ctx.hub.url}/api/admin/me`, { headers });
  if (!me.ok) throw new Error(`/api/admin/me answered ${me.status}: ${await me.text()}`);
  return headers;
};

/**
 * What a support agent types into the console's search of a database of `accounts` accounts, in
 * turn: a prefix of an email without the @ (the id, the email and the name searched at once), a
 * whole email (the email alone: one hit), a name (all three again). The prefix and the name are
 * each held by a page of accounts or more on either database, so that the small one answers as
 * many hits as the large one and the figure compares where the rows lie, not how many there are:
 * until 2026-12-08 the small one's answers held 1–11 hits where the large one's held 20
 * (docs/performance.md "The console at a million accounts").
 */
const consoleQuery = (accounts, turn) => {
  // bench-user-j matches j, j0–j9, j00–j99…: 39 accounts or more for j = 1 of 128, 111 for any j below accounts / 100.
  if (turn % 3 === 0) return `bench-user-${1 + pick(Math.max(1, Math.floor(accounts / 100) - 1))}`;
  const i = pick(accounts);
  if (turn % 3 === 1) return accountEmail(i);
  const [first, last] = accountName(i);
  // Each first and last name together is held by one account in 2,000, each last name by one in 50.
  if (accounts >= 2_000 * (ADMIN_PAGE_SIZE + 1)) return `${first} ${last}`;
  return LAST_NAMES[pick(Math.max(1, Math.floor(accounts / FIRST_NAMES.length)))];
};

/**
 * A console read by an operator: `path(turn)` is the request of each turn, checked three times
 * before the load (`check` of the answer's body and the turn true), then fired by `connections` at once.
 */
const consoleScenario = ({ id, label, path, check = () => true }) => ({
  id,
  label,
  async prepare(ctx) {
    const headers = await operatorSession(ctx);
    for (let turn = 0; turn < 3; turn += 1) {
      const answer = await fetch(`${ctx.hub.url}${path(turn)}`, { headers });
      const body = await answer.text();
      if (!answer.ok || !check(JSON.parse(body), turn))
        throw new Error(`${id}: ${path(turn)} answered ${answer.status}: ${body.slice(0, 500)}`);
    }
    let turn = 0;
    return {
      spec: {
        connections: 10,
        headers,
        setupRequest: (req) => {
          req.path = path(turn++);
          return req;
        },
      },
    };
  },
});

/** The console's account search, each request about a random one of the database's accounts. */
const consoleSearch = (accounts) =>
  consoleScenario({
    id: 'console-search',
    label: `6a. console account search over ${accounts.toLocaleString('en')} accounts`,
    path: (turn) => `/api/admin/accounts?q=${encodeURIComponent(consoleQuery(accounts, turn))}`,
    check: (body, turn) => body.accounts.length === (turn % 3 === 1 ? 1 : ADMIN_PAGE_SIZE),
  });

/** The console's page of a random one of the database's accounts (docs/console.md "An account's page"). */
const consoleAccount = (accounts) =>
  consoleScenario({
    id: 'console-account',
    label: `6b. console account page, spread over ${accounts.toLocaleString('en')} accounts`,
    path: () => `/api/admin/accounts/${accountId(pick(accounts))}`,
  });

/**
 * The console's audit log, filtered as support reads it, in turn: one account's events (about five
 * on either database), a rare event's (an operator's lock, which no seeded row has), and a random
 * range of the last 90 days that holds a page or more on either database: a day of the large one,
 * nine days of the small one (about seven rows a day). Until 2026-12-08 the small one's day held
 * about seven rows where the large one's filled the page.
 */
const auditFilter = (accounts, turn) => {
  if (turn % 3 === 0) return `account=${accountId(pick(accounts))}`;
  if (turn % 3 === 1) return 'event=admin.account_locked';
  const perDay = scaleTargets(accounts).audit_events / 90;
  const days = Math.max(1, Math.ceil((3 * (ADMIN_PAGE_SIZE + 1)) / perDay));
  const from = Date.now() - (days + pick(90 - days)) * DAY;
  return `from=${from}&to=${from + days * DAY}`;
};

const consoleAudit = (accounts) =>
  consoleScenario({
    id: 'console-audit',
    label: `6c. console audit log, filtered, over ${accounts.toLocaleString('en')} accounts' events`,
    path: (turn) => `/api/admin/audit?format=json&${auditFilter(accounts, turn)}`,
    check: (body, turn) => turn % 3 !== 2 || body.events.length === ADMIN_PAGE_SIZE,
  });

/** `hub cleanup` as an operator runs it: seconds, and the rows it deleted per table. */
const runCleanup = (url) =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    let output = '';
    const child = spawn(process.execPath, [join(root, 'apps/server/bin/hub.js'), 'cleanup'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: url, APP_ENV: 'local', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`hub cleanup exited with ${code}:\n${output}`));
      const deleted = {};
      for (const match of output.matchAll(/^\s*\|?\s*([a-z_]+)\s*\|?\s+(\d+)\s/gm))
        deleted[match[1]] = Number(match[2]);
      resolve({ seconds: (Date.now() - started) / 1000, deleted, output });
    });
  });

/** The scale run's scenarios, each made for one database: the spread ones pick among its accounts. */
const shared = (scenario) => ({ id: scenario.id, make: () => scenario });
const scaleScenarios = [
  shared(scenarios.find((s) => s.id === 'lookup')),
  { id: 'lookup-spread', make: (db) => spreadLookup(db.accounts) },
  shared(scenarios.find((s) => s.id === 'login')),
  shared(meScenario),
  { id: 'console-search', make: (db) => consoleSearch(db.accounts) },
  { id: 'console-account', make: (db) => consoleAccount(db.accounts) },
  { id: 'console-audit', make: (db) => consoleAudit(db.accounts) },
];

/** Runs the data-scale comparison; returns its report. */
export const runScale = async ({
  dialect,
  adminUrl,
  accounts,
  rounds,
  timing,
  env,
  log,
  seedOnly,
  only,
  profile,
}) => {
  log(`\n${dialect}: ${accounts.toLocaleString('en')} accounts beside an empty database`);
  const keptUrl = await keptDatabase(dialect, adminUrl, accounts);
  log('seeding (or topping up) the large database…');
  const seeding = await seedScale(dialect, keptUrl, scaleTargets(accounts), log);
  log(`  done in ${seeding.seconds.toFixed(1)} s`);
  if (seedOnly) return null;
  const empty = await emptyDatabase(dialect, adminUrl);
  try {
    await seedScale(dialect, empty.url, scaleTargets(EMPTY_ACCOUNTS), () => {});
    const databases = [
      { name: 'empty', url: empty.url, accounts: EMPTY_ACCOUNTS },
      { name: 'large', url: keptUrl, accounts },
    ];
    const { sizes, server } = await describeDatabases(dialect, databases, log);
    const chosen = scaleScenarios.filter((s) => !only || only.includes(s.id));
    const results = { empty: [], large: [] };
    // --profile: each hub of each round writes a CPU profile, summarised per scenario once it stops.
    const profileRun = Date.now();
    const profileDirOf = (db, round) =>
      profile
        ? join(resultsDir, 'profiles', `scale-${dialect}-${profileRun}`, `${round}-${db.name}`)
        : undefined;
    const startHubOn = async (db, round) => {
      const started = Date.now();
      const hub = await startHub({
        workers: 1,
        profileDir: profileDirOf(db, round),
        // The in-process cleanup off: its work is measured on its own (`hub cleanup` below).
        env: { ...env, DATABASE_URL: db.url, CLEANUP_INTERVAL_MINUTES: '0' },
      });
      return { hub, startupMs: Date.now() - started };
    };
    for (let round = 1; round <= rounds; round += 1) {
      // Both hubs run through the round; each scenario runs on both in alternating slices of a
      // second (runScenarioPair), and the hubs start in turned order every round.
      const order = round % 2 ? databases : [...databases].reverse();
      const running = [];
      try {
        for (const db of order) {
          const { hub, startupMs } = await startHubOn(db, round);
          running.push({ db, hub, figures: { round, startupMs, scenarios: {} }, profiled: [] });
          log(`  round ${round}, ${db.name}: start-up ${startupMs} ms`);
        }
        for (const chosenScenario of chosen) {
          const prepared = [];
          for (const { db, hub } of running) {
            const scenario = chosenScenario.make(db);
            const ctx = {
              hub,
              database: { url: db.url, dialect },
              accounts: EMPTY_ACCOUNTS,
              timing,
              log,
              workers: 1,
              expected: { redeemPerSecond: 4_000 },
            };
            prepared.push({ scenario, ...(await scenario.prepare(ctx)) });
          }
          const measured = await runScenarioPair(
            running.map(({ hub }, i) => ({ hub, spec: prepared[i].spec })),
            timing,
          );
          for (const [i, { db, hub, figures, profiled }] of running.entries()) {
            const { scenario, finish } = prepared[i];
            const result = finish ? await finish(measured[i]) : measured[i];
            profiled.push({ id: scenario.id, windows: result.profileWindows, per: result.profileUnits });
            figures.scenarios[scenario.id] = {
              label: scenario.label,
              requestsPerSecond: result.requestsPerSecond,
              p99: result.p99,
              cpuMsPerRequest: result.cpuMsPerRequest,
              peakRssMiB: result.peakRssMiB,
              errors: result.errors + result.warmupErrors,
            };
            log(
              `  round ${round}, ${db.name}: ${scenario.id} ${Math.round(result.requestsPerSecond)}/s, p99 ${result.p99} ms, ` +
                `CPU ${result.cpuMsPerRequest.toFixed(2)} ms/request, peak ${result.peakRssMiB} MiB, errors ${result.errors + result.warmupErrors}`,
            );
            await hub.settle();
          }
        }
      } finally {
        for (const { hub } of running) await hub.stop();
      }
      for (const { db, figures } of running) results[db.name].push(figures);
      for (const { db, profiled } of profile ? running : [])
        for (const { id, windows, per } of profiled)
          log(
            `\nCPU profile, round ${round}, ${db.name}, ${id}:\n${summarizeProfiles(profileDirOf(db, round), { windows, per, top: 20 })}`,
          );
    }
    const cleanup = {};
    for (const db of !only || only.includes('cleanup') ? databases : []) {
      cleanup[db.name] = await runCleanup(db.url);
      log(`  hub cleanup on ${db.name}: ${cleanup[db.name].seconds.toFixed(1)} s`);
    }
    return { dialect, accounts, seeding, sizes, server, results, cleanup };
  } finally {
    await empty.drop();
  }
};

/** The median of a list of numbers. */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One table: each figure's median on the empty and the large database, and their ratio. */
export const formatScale = (report) => {
  const lines = [
    `${report.dialect}: ${report.accounts.toLocaleString('en')} accounts (${report.sizes.large} MiB) beside an empty database (${report.sizes.empty} MiB); seeding ${report.seeding.seconds.toFixed(0)} s`,
    ...(report.server ? [formatPostgresServer(report.server)] : []),
    "| figure | empty | large | large/empty | the rounds' large/empty |",
    '|---|---:|---:|---:|---|',
  ];
  // Each round's pair ran in alternating slices of a second (runScale), so its own ratio moves less
  // with the machine than the ratio of the medians; the median of the rounds' ratios is given with
  // the rounds'.
  const row = (name, pickFigure, digits = 0) => {
    const a = median(report.results.empty.map(pickFigure));
    const b = median(report.results.large.map(pickFigure));
    const ratios = report.results.large.map(
      (large, i) => pickFigure(large) / pickFigure(report.results.empty[i]),
    );
    const each = ratios.map((r) => r.toFixed(2)).join(', ');
    lines.push(
      `| ${name} | ${a.toFixed(digits)} | ${b.toFixed(digits)} | ${(b / a).toFixed(2)} | ${median(ratios).toFixed(2)} (${each}) |`,
    );
  };
  row('start-up to /readyz 200 (ms)', (r) => r.startupMs);
  for (const id of Object.keys(report.results.empty[0].scenarios)) {
    row(`${id}: requests/s`, (r) => r.scenarios[id].requestsPerSecond);
    row(`${id}: p99 (ms)`, (r) => r.scenarios[id].p99);
    row(`${id}: CPU per request (ms)`, (r) => r.scenarios[id].cpuMsPerRequest, 2);
    row(`${id}: peak RSS (MiB)`, (r) => r.scenarios[id].peakRssMiB);
  }
  const cleanupLine = (name) => {
    const deleted = Object.entries(report.cleanup[name].deleted)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${n}`);
    return `${report.cleanup[name].seconds.toFixed(1)} s (${deleted.join(', ') || 'nothing due'})`;
  };
  if (report.cleanup.large)
    lines.push(`hub cleanup: empty ${cleanupLine('empty')}; large ${cleanupLine('large')}`);
  return lines.join('\n');
};

/** Writes the report beside the other results. */
export const saveScale = (reports) => {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(reports, null, 2)}\n`);
  return file;
};
