import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './services/tokens.js';
import { seedLocalCatalogue } from './sso/catalogue.js';
import { authenticateTool } from './sso/credentials.js';
import { createKeyRing } from './sso/signing-keys.js';
import { type HubDatabase, openDatabase } from './storage/database.js';
import { createToolQueries, type ToolQueries } from './storage/tools.js';
import { accountRow } from './test-support/accounts.js';
import { runHubCli, runHubCliAudited, useCliDatabase } from './test-support/cli.js';
import { testDialects } from './test-support/databases.js';

const dir = mkdtempSync(join(tmpdir(), 'hub-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runHubCli;

/** A loopback port nothing listens on: one the system just handed out and took back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const credentialsIn = (text: string) => text.match(/hubtool_\d+_[A-Za-z0-9_-]+/g) ?? [];

describe('hub CLI', () => {
  it('migrates a fresh database, then says it is up to date', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'hub.sqlite')}` };
    const first = await run(['migrate'], env);
    expect(first).toMatchObject({
      code: 0,
      out: 'Applied: 0001-initial, 0002-social-identities, 0003-tool-credential-grace, 0004-hub-secrets, 0005-retention-and-keys, 0006-audit-request-id, 0007-oidc, 0008-audit-user-agent, 0009-second-factors, 0010-passkeys, 0011-account-deletion, 0012-erasure-indexes, 0013-dev-mail, 0014-oidc-client-profiles, 0015-webhooks, 0016-operators, 0017-audit-operator, 0018-single-sign-out, 0019-known-devices, 0020-webhook-retention, 0021-audit-tool, 0022-partial-audit-indexes, 0023-flows-account-sweep, 0024-account-platforms, 0025-login-indexes, 0026-flows-account-sweep-postgres, 0027-login-indexes-postgres, 0028-console-name-search, 0029-audit-time-indexes\n',
    });
    expect((await run(['migrate'], env)).out).toBe('Database is up to date.\n');
    const database = openDatabase(env.DATABASE_URL);
    expect(await database.db.selectFrom('accounts').selectAll().execute()).toEqual([]);
    await database.close();
  });

  it('names a bad variable and exits 78', async () => {
    const result = await run(['migrate'], { DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(78);
    expect(result.err).toContain('DATABASE_URL');
    expect((await run(['tools', 'list'], { DATABASE_URL: 'mysql://nope' })).code).toBe(78);
  });

  it('refuses a database it cannot reach in one line naming DATABASE_URL, with exit 78', async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: `postgres://hub:not-this-one@127.0.0.1:${port}/hub` };
    for (const argv of [['migrate'], ['tools', 'list']]) {
      const result = await run(argv, env);
      expect(result.code).toBe(78);
      expect(result.err).toBe(
        `Cannot use DATABASE_URL (PostgreSQL at 127.0.0.1:${port}, database hub): connection refused (nothing listens there): connect ECONNREFUSED 127.0.0.1:${port}\n`,
      );
    }
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const sqlite = await run(['migrate'], { DATABASE_URL: `sqlite:${file}/data/hub.sqlite` });
    expect(sqlite.code).toBe(78);
    expect(sqlite.err).toMatch(
      /^Cannot use DATABASE_URL \(SQLite file .*\): a part of the path is not a directory: .*\n$/,
    );
  });

  it('prints help, and refuses an unknown command or subcommand with exit 64', async () => {
    expect((await run(['help'], {})).out).toContain('migrate');
    expect((await run(['tools', 'help'], {})).out).toContain('set-callback TID --env ENV --url URL');
    expect((await run(['keys', '--help'], {})).out).toContain('rotate');
    const unknown = await run(['frobnicate'], {});
    expect(unknown.code).toBe(64);
    expect(unknown.err).toContain('Unknown command: frobnicate');
    expect((await run(['tools', 'frobnicate'], {})).code).toBe(64);
    expect((await run(['tools', 'constructor'], {})).code).toBe(64);
    expect((await run(['tools'], {})).code).toBe(64);
  });

  it('refuses bad usage before it opens the database', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'never', 'hub.sqlite')}` };
    for (const argv of [
      ['tools', 'show'],
      ['tools', 'show', '18', '19'],
      ['tools', 'show', 'abc'],
      ['tools', 'add', '--tid', '18', '--name', 'X'],
      ['tools', 'add', '--tid', '18', '--name', 'X', '--type', '1', '--colour', 'red'],
      ['tools', 'add', '--tid', '18', '--name', 'X', '--type', '1', '--logo', 'javascript:alert(1)'],
      ['tools', 'update', '18'],
      ['tools', 'remove', '18'],
      ['keys', 'rotate', 'now'],
    ]) {
      const result = await run(argv, env);
      expect(result.code, argv.join(' ')).toBe(64);
      expect(result.err).toContain('See: hub');
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });
});

describe.each(testDialects)('hub tools and hub keys on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  let env: NodeJS.ProcessEnv;
  let database: HubDatabase;
  let tools: ToolQueries;
  let credential18: string;

  beforeAll(() => {
    ({ env, database } = cli);
    tools = createToolQueries(database.db);
  });

  it('add prints the credential once and stores only its hash', async () => {
    const added = await run(
      ['tools', 'add', '--tid', '4018', '--name', 'CPA Review', '--type', '1', '--path-prefix', '/psl'],
      env,
    );
    expect(added.code).toBe(0);
    const printed = credentialsIn(added.out);
    expect(printed).toHaveLength(1);
    credential18 = printed[0]!;
    expect(credential18).toMatch(/^hubtool_4018_/);
    expect(added.out).toContain('cannot show it again');

    const row = await tools.findByTid(4018);
    expect(row).toMatchObject({ name: 'CPA Review', type: 1, path_prefix: '/psl', logo: null });
    expect(row?.credential_hash).toBe(sha256(credential18));
    expect(JSON.stringify(row)).not.toContain(credential18.slice('hubtool_4018_'.length));
    expect((await authenticateTool(tools, credential18, Date.now()))?.tid).toBe(4018);

    const again = await run(['tools', 'add', '--tid', '4018', '--name', 'Other', '--type', '1'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Tool 4018 already exists (CPA Review)');
  });

  it('lists and shows tools without ever printing the credential or its hash', async () => {
    const logo = 'https://desk.example.ph/logo.svg';
    expect(
      (
        await run(
          ['tools', 'add', '--tid', '19', '--name', 'Partner Desk', '--type', '2', '--logo', logo],
          env,
        )
      ).code,
    ).toBe(0);
    const listed = await run(['tools', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')[0]).toMatch(/^tid\s+name\s+type\s+keys$/);
    expect(listed.out).toMatch(/^4018\s+CPA Review\s+1\s+-$/m);
    expect(listed.out).toMatch(/^19\s+Partner Desk\s+2\s+-$/m);

    const shown = await run(['tools', 'show', '19'], env);
    expect(shown.out).toContain('Tool 19: Partner Desk');
    expect(shown.out).toContain('2 (signs in on the tool login)');
    expect(shown.out).toContain(logo);
    expect(shown.out).toContain('credential   set');
    const hash = (await tools.findByTid(4018))!.credential_hash!;
    for (const text of [listed.out, shown.out, (await run(['tools', 'show', '4018'], env)).out]) {
      expect(text).not.toContain(hash);
      expect(credentialsIn(text)).toEqual([]);
    }

    const missing = await run(['tools', 'show', '4040'], env);
    expect(missing).toMatchObject({ code: 1, err: 'No tool with tid 4040.\n' });
  });

  it('updates a tool and clears its logo with an empty --logo', async () => {
    expect((await run(['tools', 'update', '19', '--name', 'Partner Desk 2', '--logo', ''], env)).code).toBe(
      0,
    );
    expect(await tools.findByTid(19)).toMatchObject({ name: 'Partner Desk 2', logo: null, type: 2 });
    expect((await run(['tools', 'update', '4040', '--name', 'X'], env)).code).toBe(1);
  });

  it('sets callbacks per environment exactly as given, first come first', async () => {
    const production = 'https://cpa.example.ph/psl/sso/account/auth?tenant=a';
    const local = 'http://localhost:3001/t/4018/psl/sso/account/auth';
    const setProduction = await run(
      ['tools', 'set-callback', '4018', '--env', 'production', '--url', production],
      env,
    );
    expect(setProduction.code).toBe(0);
    expect((await run(['tools', 'set-callback', '4018', '--env', 'local', '--url', local], env)).code).toBe(
      0,
    );
    const checkout = 'https://cpa.example.ph/subscription/checkout/rqx';
    const named = [
      'tools',
      'set-callback',
      '4018',
      '--env',
      'production',
      '--name',
      'checkout',
      '--url',
      checkout,
    ];
    expect((await run(named, env)).code).toBe(0);

    expect((await tools.callbacks(4018, 'production')).map((c) => [c.name, c.url, c.position])).toEqual([
      ['auth', production, 0],
      ['checkout', checkout, 1],
    ]);
    expect((await tools.callbacks(4018, 'local')).map((c) => c.url)).toEqual([local]);

    // Replacing a callback keeps its place.
    const replaced = 'https://cpa.example.ph/sso/account/auth';
    const replace = await run(
      ['tools', 'set-callback', '4018', '--env', 'production', '--url', replaced],
      env,
    );
    expect(replace.out).toContain(`It replaces ${production}`);
    expect((await tools.callbacks(4018, 'production'))[0]).toMatchObject({
      name: 'auth',
      url: replaced,
      position: 0,
    });

    const shown = (await run(['tools', 'show', '4018'], env)).out;
    expect(shown).toMatch(/production\s+auth\s+0\s+https:\/\/cpa\.example\.ph\/sso\/account\/auth/);
    expect(shown).toMatch(/local\s+auth\s+0\s+http:\/\/localhost:3001/);
  });

  it.each([
    ['production', 'http://cpa.example.ph/sso/account/auth', 'must use https'],
    ['production', 'https://user:secret@cpa.example.ph/sso/account/auth', 'user name or password'],
    ['production', 'https://cpa.example.ph@evil.example/sso/account/auth', 'user name or password'],
    ['production', 'https://cpa.example.ph/sso/account/auth#done', 'fragment'],
    ['staging', 'https://cpa.example.ph/sso/account/auth', '--env must be'],
    ['sandbox', '/sso/account/auth', 'absolute URL'],
    ['sandbox', 'https://CPA.example.ph/sso/account/auth', 'canonical form'],
  ])('refuses a %s callback %s (exit 64) and stores nothing', async (envName, url, reason) => {
    const before = await tools.allCallbacks(4018);
    const result = await run(['tools', 'set-callback', '4018', '--env', envName, '--url', url], env);
    expect(result.code).toBe(64);
    expect(result.err).toContain(reason);
    expect(await tools.allCallbacks(4018)).toEqual(before);
  });

  it('removes a callback, and says so when there is none', async () => {
    const removed = await run(
      ['tools', 'remove-callback', '4018', '--env', 'production', '--name', 'checkout'],
      env,
    );
    expect(removed.code).toBe(0);
    expect((await tools.callbacks(4018, 'production')).map((c) => c.name)).toEqual(['auth']);
    const none = await run(['tools', 'remove-callback', '4018', '--env', 'sandbox'], env);
    expect(none).toMatchObject({ code: 1, err: "Tool 4018 has no 'auth' callback in sandbox.\n" });
    expect(
      (await run(['tools', 'set-callback', '4040', '--env', 'local', '--url', 'http://localhost/x'], env))
        .code,
    ).toBe(1);
  });

  it('adds a tsa key, and refuses one that already names another tool', async () => {
    const added = await run(['tools', 'add-key', '4018', 'CPA_REVIEW_PROD_RQX'], env);
    expect(added.code).toBe(0);
    expect((await tools.findByKey('CPA_REVIEW_PROD_RQX'))?.tid).toBe(4018);
    expect((await run(['tools', 'add-key', '4018', 'CPA_REVIEW_PROD_RQX'], env)).code).toBe(0);

    const taken = await run(['tools', 'add-key', '19', 'CPA_REVIEW_PROD_RQX'], env);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('already names tool 4018 (CPA Review)');
    expect((await tools.findByKey('CPA_REVIEW_PROD_RQX'))?.tid).toBe(4018);

    expect((await run(['tools', 'add-key', '4018', 'cpa_review'], env)).code).toBe(64);
    expect((await run(['tools', 'add-key', '4040', 'NOBODY_RQX'], env)).code).toBe(1);
    expect((await run(['tools', 'list'], env)).out).toMatch(/^4018\s+CPA Review\s+1\s+CPA_REVIEW_PROD_RQX$/m);

    expect((await run(['tools', 'add-key', '19', 'DESK_RQX'], env)).code).toBe(0);
    expect((await run(['tools', 'remove-key', 'DESK_RQX'], env)).code).toBe(0);
    expect(await tools.findByKey('DESK_RQX')).toBeUndefined();
    expect((await run(['tools', 'remove-key', 'DESK_RQX'], env)).code).toBe(1);
  });

  it('rotates the credential: a new one printed once, and the old one no longer authenticates', async () => {
    const before = (await tools.findByTid(4018))!.credential_hash;
    const rotated = await run(['tools', 'rotate-credential', '4018'], env);
    expect(rotated.code).toBe(0);
    const printed = credentialsIn(rotated.out);
    expect(printed).toHaveLength(1);
    const fresh = printed[0]!;
    expect(fresh).not.toBe(credential18);
    const after = (await tools.findByTid(4018))!.credential_hash;
    expect(after).not.toBe(before);
    expect(after).toBe(sha256(fresh));
    expect(await authenticateTool(tools, credential18, Date.now())).toBeUndefined();
    expect((await authenticateTool(tools, fresh, Date.now()))?.tid).toBe(4018);
    credential18 = fresh;
  });

  it('rotates with a grace: the old credential works until it ends, then only the new one', async () => {
    const at = Date.UTC(2031, 0, 1);
    const rotated = await run(['tools', 'rotate-credential', '4018', '--grace', '24h'], env, () => at);
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain('the previous one keeps working until 2031-01-02T00:00:00.000Z');
    expect((await run(['tools', 'show', '4018'], env, () => at)).out).toMatch(
      /^ {2}previous {5}works until 2031-01-02T00:00:00\.000Z$/m,
    );
    const fresh = credentialsIn(rotated.out)[0]!;
    expect((await authenticateTool(tools, credential18, at + 86_400_000 - 1))?.tid).toBe(4018);
    expect(await authenticateTool(tools, credential18, at + 86_400_000)).toBeUndefined();
    expect((await authenticateTool(tools, fresh, at + 86_400_000))?.tid).toBe(4018);
    // Another tool's credential, or a made-up one, never rides on the grace.
    expect(
      await authenticateTool(tools, credential18.replace('hubtool_4018_', 'hubtool_19_'), at),
    ).toBeUndefined();

    // A rotation without a grace ends the previous one's at once (a leaked secret).
    const again = await run(['tools', 'rotate-credential', '4018'], env, () => at + 1000);
    const newest = credentialsIn(again.out)[0]!;
    expect(await authenticateTool(tools, fresh, at + 2000)).toBeUndefined();
    expect(await authenticateTool(tools, credential18, at + 2000)).toBeUndefined();
    expect((await authenticateTool(tools, newest, at + 2000))?.tid).toBe(4018);
    credential18 = newest;

    for (const grace of ['8d', '1w', '-1h', '24', 'h', '99999h'])
      expect((await run(['tools', 'rotate-credential', '4018', '--grace', grace], env)).code).toBe(64);
    expect(
      credentialsIn((await run(['tools', 'rotate-credential', '4018', '--grace', '0'], env)).out),
    ).toHaveLength(1);
  });

  it('adds a member to a tool-login tool by email', async () => {
    const id = randomUUID();
    const now = Date.now();
    await database.db
      .insertInto('accounts')
      .values(accountRow(id, 'Member@Example.ph', now))
      .execute();
    expect(await tools.isMember(19, id)).toBe(false);
    const added = await run(['tools', 'add-member', '19', 'member@example.ph'], env);
    expect(added.code).toBe(0);
    expect(await tools.isMember(19, id)).toBe(true);
    expect((await run(['tools', 'add-member', '19', 'member@example.ph'], env)).code).toBe(0);
    const unknown = await run(['tools', 'add-member', '19', 'nobody@example.ph'], env);
    expect(unknown).toMatchObject({ code: 1, err: 'No account with the email nobody@example.ph.\n' });
  });

  it('lists a tool’s members and takes one out', async () => {
    const id = randomUUID();
    await database.db
      .insertInto('accounts')
      .values(accountRow(id, 'leaver@example.ph', Date.UTC(2026, 0, 2)))
      .execute();
    expect(
      (await run(['tools', 'add-member', '19', 'leaver@example.ph'], env, () => Date.UTC(2026, 0, 3))).code,
    ).toBe(0);
    const listed = await run(['tools', 'members', '19'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^email\s+aid\s+since$/m);
    expect(listed.out).toMatch(
      new RegExp(`^leaver@example\\.ph\\s+${id}\\s+2026-01-03T00:00:00\\.000Z$`, 'm'),
    );

    const removed = await run(['tools', 'remove-member', '19', 'leaver@example.ph'], env);
    expect(removed).toMatchObject({
      code: 0,
      out: 'leaver@example.ph no longer belongs to tool 19 (Partner Desk 2).\n',
    });
    expect(await tools.isMember(19, id)).toBe(false);
    const again = await run(['tools', 'remove-member', '19', 'leaver@example.ph'], env);
    expect(again).toMatchObject({
      code: 1,
      err: 'leaver@example.ph is not a member of tool 19 (Partner Desk 2).\n',
    });
    expect((await run(['tools', 'members', '4018'], env)).out).toBe(
      'Tool 4018 (CPA Review) has no members.\n',
    );
  });

  it('removes a tool only with --yes, with its keys, callbacks and members', async () => {
    expect((await run(['tools', 'add-key', '19', 'DESK_RQX'], env)).code).toBe(0);
    expect((await run(['tools', 'remove', '19'], env)).code).toBe(64);
    expect(await tools.findByTid(19)).toBeDefined();
    const removed = await run(['tools', 'remove', '19', '--yes'], env);
    expect(removed.code).toBe(0);
    expect(await tools.findByTid(19)).toBeUndefined();
    expect(await tools.findByKey('DESK_RQX')).toBeUndefined();
    expect(
      await database.db.selectFrom('tool_memberships').selectAll().where('tid', '=', 19).execute(),
    ).toEqual([]);
    expect((await run(['tools', 'remove', '19', '--yes'], env)).code).toBe(1);
  });

  it('changes a platform’s or a seeded tool’s callbacks only with --force, saying what the tool is', async () => {
    // The README's old example: a new tool under tid 18, then its production callback, which is
    // the Personal platform's. In a seeded database tid 18 is Personal and 301 is CPA Review.
    await seedLocalCatalogue(database.db, 'http://localhost:3001', Date.now());
    const personal = await tools.callbacks(18, 'production');
    const cpa = await tools.allCallbacks(301);
    const url = 'https://cpa.example.ph/sso/account/auth';
    for (const [argv, what] of [
      [['tools', 'set-callback', '18', '--env', 'production', '--url', url], 'the Personal platform'],
      [['tools', 'set-callback', '13', '--env', 'sandbox', '--url', url], 'the Business platform'],
      [['tools', 'remove-callback', '301', '--env', 'local'], 'seeded local catalogue'],
      [['tools', 'set-callback', '301', '--env', 'production', '--url', url], 'seeded local catalogue'],
    ] as const) {
      const refused = await run([...argv], env);
      expect(refused.code, argv.join(' ')).toBe(1);
      expect(refused.err).toContain(what);
      expect(refused.err).toContain('--force');
    }
    expect(await tools.callbacks(18, 'production')).toEqual(personal);
    expect(await tools.allCallbacks(301)).toEqual(cpa);

    const forced = await run(
      ['tools', 'set-callback', '301', '--env', 'production', '--url', url, '--force'],
      env,
    );
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('seeded local catalogue');
    expect((await tools.callbacks(301, 'production')).map((c) => c.url)).toEqual([url]);
    // A tool of the operator's own needs no --force.
    expect((await run(['tools', 'set-callback', '4018', '--env', 'sandbox', '--url', url], env)).code).toBe(
      0,
    );
  });

  it('writes each change with its audit row as the console does: via cli, no operator, the --reason, the tool', async () => {
    const audited = (argv: string[]) => runHubCliAudited(database, argv, env);
    const memberId = randomUUID();
    await database.db
      .insertInto('accounts')
      .values(accountRow(memberId, 'audited@example.ph', Date.now()))
      .execute();
    const url = 'https://audited.example.ph/sso/account/auth';
    const changes: [string[], string, Record<string, unknown>][] = [
      [
        ['tools', 'add', '--tid', '4077', '--name', 'Audited Desk', '--type', '2'],
        'admin.tool_registered',
        { name: 'Audited Desk', type: 2 },
      ],
      [['tools', 'update', '4077', '--name', 'Audited Desk 2'], 'admin.tool_updated', { fields: 'name' }],
      [
        ['tools', 'set-callback', '4077', '--env', 'production', '--url', url],
        'admin.tool_callback_set',
        { env: 'production', name: 'auth', url, position: 0 },
      ],
      [
        ['tools', 'remove-callback', '4077', '--env', 'production'],
        'admin.tool_callback_removed',
        { env: 'production', name: 'auth' },
      ],
      [['tools', 'add-key', '4077', 'AUDITED_RQX'], 'admin.tool_key_added', { key: 'AUDITED_RQX' }],
      [['tools', 'remove-key', 'AUDITED_RQX'], 'admin.tool_key_removed', { key: 'AUDITED_RQX' }],
      [['tools', 'add-member', '4077', 'audited@example.ph'], 'admin.tool_member_added', {}],
      [['tools', 'remove-member', '4077', 'audited@example.ph'], 'admin.tool_member_removed', {}],
      [
        ['tools', 'rotate-credential', '4077', '--grace', '30m'],
        'admin.tool_credential_rotated',
        { previousUntil: expect.any(Number) },
      ],
      [
        ['tools', 'remove', '4077', '--yes'],
        'admin.tool_removed',
        { name: 'Audited Desk 2', keys: 0, callbacks: 0 },
      ],
    ];
    for (const [argv, event, detail] of changes) {
      const reason = `ticket 77: ${argv[1]}`;
      const result = await audited([...argv, '--reason', reason]);
      expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(0);
      expect(result.audit, argv.join(' ')).toHaveLength(1);
      const [row] = result.audit;
      expect(row).toMatchObject({ event, outcome: 'success', ip: null, operator: null, tool: 4077 });
      expect(row!.detail).toEqual({ operator: null, via: 'cli', reason, tid: 4077, ...detail });
      // A member's change is on the member's account, as the console's is.
      expect(row!.account_id).toBe(event.startsWith('admin.tool_member') ? memberId : null);
    }

    // Without --reason the row says it came from the command line; the output is as before.
    expect(
      (await run(['tools', 'add', '--tid', '4078', '--name', 'Plain Desk', '--type', '1'], env)).code,
    ).toBe(0);
    const plain = await audited(['tools', 'add-key', '4078', 'PLAIN_RQX', '--json']);
    expect(JSON.parse(plain.out)).toEqual({ tid: 4078, tsaKey: 'PLAIN_RQX', added: true });
    expect(plain.audit.map((row) => [row.event, row.detail.reason, row.detail.via])).toEqual([
      ['admin.tool_key_added', 'command line', 'cli'],
    ]);

    // A refused change, or one that changes nothing (exit 0), leaves no row.
    for (const [argv, code] of [
      [['tools', 'add', '--tid', '4078', '--name', 'Again', '--type', '1'], 1],
      [['tools', 'update', '4099', '--name', 'Nobody'], 1],
      [['tools', 'set-callback', '4099', '--env', 'production', '--url', url], 1],
      [['tools', 'set-callback', '301', '--env', 'production', '--url', url], 1],
      [['tools', 'remove-callback', '4078', '--env', 'production'], 1],
      [['tools', 'add-key', '4099', 'NOBODY_RQX'], 1],
      [['tools', 'add-key', '4018', 'PLAIN_RQX'], 1],
      [['tools', 'add-key', '4078', 'PLAIN_RQX'], 0],
      [['tools', 'remove-key', 'NOBODY_RQX'], 1],
      [['tools', 'add-member', '4099', 'audited@example.ph'], 1],
      [['tools', 'add-member', '4078', 'nobody@example.ph'], 1],
      [['tools', 'remove-member', '4078', 'audited@example.ph'], 1],
      [['tools', 'rotate-credential', '4099'], 1],
      [['tools', 'remove', '4099', '--yes'], 1],
    ] as const) {
      const refused = await audited([...argv, '--reason', 'should leave nothing']);
      expect(refused.code, `${argv.join(' ')}: ${refused.err}`).toBe(code);
      expect(refused.audit, argv.join(' ')).toEqual([]);
    }

    // The reason is held to the console's length; a longer one is bad usage.
    const long = await audited(['tools', 'update', '4078', '--name', 'Long', '--reason', 'x'.repeat(501)]);
    expect(long).toMatchObject({ code: 64, audit: [] });
    expect(long.err).toContain('--reason is too long');
    const longest = await audited(['tools', 'update', '4078', '--name', 'Long', '--reason', 'x'.repeat(500)]);
    expect(longest.code).toBe(0);
    expect(longest.audit.map((row) => row.detail.reason)).toEqual(['x'.repeat(500)]);
  });

  it('keys rotate makes a new key current and keeps the old one published until its tokens expire', async () => {
    let now = Date.UTC(2030, 0, 1);
    const clock = () => now;
    const ring = createKeyRing(database, clock);
    const old = (await ring.current()).kid;

    const rotated = await run(['keys', 'rotate'], env, clock);
    expect(rotated.code).toBe(0);
    const kid = /New signing key: (\S+)/.exec(rotated.out)?.[1];
    expect(kid).toBeDefined();
    expect(kid).not.toBe(old);
    // Published at once, signing a minute later; the old key signs until then.
    expect((await ring.current()).kid).toBe(old);
    expect((await ring.jwks()).keys.map((k) => k.kid).sort()).toEqual([kid, old].sort());
    const early = await run(['keys', 'list'], env, clock);
    expect(early.out).toMatch(new RegExp(`^${kid}\\s.*\\ssigns from 2030-01-01T00:01:00.000Z$`, 'm'));
    expect(early.out).toMatch(new RegExp(`^${old}\\s.*\\ssigning$`, 'm'));

    now += 60_000;
    expect((await ring.current()).kid).toBe(kid);
    const listed = await run(['keys', 'list'], env, clock);
    expect(listed.out).toMatch(new RegExp(`^${kid}\\s.*\\ssigning$`, 'm'));
    expect(listed.out).toMatch(new RegExp(`^${old}\\s.*\\spublished until 2030-01-01T00:03:00.000Z$`, 'm'));

    now += 121_000;
    expect((await ring.jwks()).keys.map((k) => k.kid)).toEqual([kid]);
    expect((await run(['keys', 'list'], env, clock)).out).toMatch(new RegExp(`^${old}\\s.*\\sretired$`, 'm'));

    // A listing only reads: with every key retired it makes no new one.
    await database.db
      .updateTable('signing_keys')
      .set({ retired_at: now - 1 })
      .execute();
    const count = async () => (await database.db.selectFrom('signing_keys').select('kid').execute()).length;
    const before = await count();
    expect((await run(['keys', 'list'], env, clock)).code).toBe(0);
    expect(await count()).toBe(before);
  });
});
