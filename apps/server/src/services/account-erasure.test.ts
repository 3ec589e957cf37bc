import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcAdapter } from '../oidc/adapter.js';
import { FLOW_SWEEP_SETTLE_MS, FLOW_SWEEP_STEP } from '../storage/account-data.js';
import { createAccountQueries } from '../storage/accounts.js';
import type { HubDatabase } from '../storage/database.js';
import { createFlowQueries } from '../storage/flows.js';
import { createOidcClientQueries, createOidcPayloadQueries } from '../storage/oidc.js';
import type { FlowsTable } from '../storage/schema.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { strayFlow } from '../test-support/flows.js';
import { eraseDueAccounts } from './account-erasure.js';

const DAY = 86_400_000;
const now = Date.UTC(2034, 0, 1);

/**
 * An account made a month ago with a password (login's look-up finds no other), its erasure due
 * since yesterday when `due`.
 */
const insertAccount = (database: HubDatabase, id: string, email: string, due: boolean) =>
  database.db
    .insertInto('accounts')
    .values({
      id,
      email,
      email_normalized: email,
      password_hash: 'a-hash',
      home_platform: 'psl',
      created_at: now - 30 * DAY,
      updated_at: now - 30 * DAY,
      deletion_requested_at: due ? now - 8 * DAY : null,
      deletion_due_at: due ? now - DAY : null,
    } as never)
    .execute();

/** The foreign keys to `accounts` and the columns they are on, read from the database itself. */
const foreignKeysToAccounts = async (database: HubDatabase) => {
  if (database.dialect === 'sqlite') {
    const tables = await database.db.introspection.getTables();
    const keys: Array<{ table: string; column: string }> = [];
    for (const { name } of tables) {
      const rows = await sql<{ table: string; from: string }>`
        select "table", "from" from pragma_foreign_key_list(${name})`.execute(database.db);
      for (const row of rows.rows) if (row.table === 'accounts') keys.push({ table: name, column: row.from });
    }
    return keys;
  }
  const rows = await sql<{ table: string; column: string }>`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'accounts'::regclass`.execute(database.db);
  return rows.rows;
};

/** The first column of every index of `table` (a primary key and unique constraints included). */
const leadingIndexColumns = async (database: HubDatabase, table: string) => {
  if (database.dialect === 'sqlite') {
    const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(
      database.db,
    );
    const leading: string[] = [];
    for (const { name } of indexes.rows) {
      const columns = await sql<{ name: string; seqno: number }>`
        select name, seqno from pragma_index_info(${name})`.execute(database.db);
      const first = columns.rows.find((c) => c.seqno === 0);
      if (first) leading.push(first.name);
    }
    return leading;
  }
  const rows = await sql<{ column: string }>`
    select a.attname as "column" from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
    where i.indrelid = ${table}::regclass`.execute(database.db);
  return rows.rows.map((r) => r.column);
};

describe.each(testDialects)('erasing an account on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.close());

  it('has an index led by every foreign key to accounts, so an erasure reads no table whole', async () => {
    const keys = await foreignKeysToAccounts(database);
    expect(keys.length).toBeGreaterThanOrEqual(12);
    for (const { table, column } of keys)
      expect(await leadingIndexColumns(database, table), `${table}.${column}`).toContain(column);
    for (const [table, column] of [
      ['oidc_payloads', 'account_id'],
      ['mail_outbox', 'to_address'],
      ['referrals', 'referrer_user_id'],
      ['audit_events', 'account_id'],
    ] as const)
      expect(await leadingIndexColumns(database, table), `${table}.${column}`).toContain(column);
  });

  it('erases every row of the account, OpenID Connect ones by their account column, and no other', async () => {
    const db = database.db;
    const seed = async (label: string) => {
      const id = randomUUID();
      const email = `${label}-${id.slice(0, 8)}@example.ph`;
      await insertAccount(database, id, email, label === 'gone');
      await db
        .insertInto('flows')
        .values({
          id: randomUUID(),
          kind: 'login',
          state: 'password',
          platform: 'psl',
          account_id: id,
          identifier: email,
          identifier_kind: 'email',
          context: '{}',
          binding_hash: 'b',
          attempts: 0,
          expires_at: now + DAY,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('issued_tokens')
        .values({ jti: randomUUID(), tid: 1, account_id: id, expires_at: now + DAY, redeemed_at: null })
        .execute();
      await db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          to_address: email,
          subject: 's',
          text_body: null,
          html_body: null,
          status: 'sent',
          attempts: 1,
          next_attempt_at: now,
          last_error: null,
          created_at: now,
          sent_at: now,
        })
        .execute();
      const Adapter = createOidcAdapter({
        payloads: createOidcPayloadQueries(db),
        clients: createOidcClientQueries(db),
        now: () => now,
      });
      await new Adapter('Session').upsert(`s-${id}`, { uid: `u-${id}`, accountId: id }, 3600);
      await new Adapter('Grant').upsert(`g-${id}`, { accountId: id, clientId: 'c' }, 3600);
      await new Adapter('AccessToken').upsert(`a-${id}`, { accountId: id, grantId: `g-${id}` }, 3600);
      await new Adapter('Interaction').upsert(
        `i-${id}`,
        { session: { accountId: id }, uid: `iu-${id}` },
        3600,
      );
      return { id, email };
    };
    const gone = await seed('gone');
    const kept = await seed('kept');

    expect(await eraseDueAccounts(db, now)).toBe(1);

    const count = async (table: 'flows' | 'issued_tokens' | 'oidc_payloads', accountId: string) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of ['flows', 'issued_tokens', 'oidc_payloads'] as const) {
      expect(await count(table, gone.id), table).toBe(0);
      expect(await count(table, kept.id), table).toBeGreaterThan(0);
    }
    expect(await count('oidc_payloads', kept.id)).toBe(4);
    const payloads = await db.selectFrom('oidc_payloads').select('payload').execute();
    expect(payloads.some((p) => p.payload.includes(gone.id))).toBe(false);
    const mail = await db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mail.map((m) => m.to_address)).toEqual([kept.email]);
  });

  // Flows keep their account in the expiry index, not a foreign key (migrations 0023, 0026).
  it("deletes the erased flows through the expiry index in steps, a stopped run's too, sweeps them again later, and refuses a flow for an erased account", async () => {
    const db = database.db;
    const account = async (label: string, due: boolean) => {
      const id = `${label}-${randomUUID()}`;
      await insertAccount(database, id, `${id}@example.ph`, due);
      return id;
    };
    const gone = await account('gone', true);
    const kept = await account('kept', false);
    // A stopped run's note: its account is gone already, its flows not yet.
    const stopped = `stopped-${randomUUID()}`;
    await db.insertInto('erased_account_flows').values({ account_id: stopped, erased_at: now }).execute();
    const flow = (accountId: string, expiresAt: number): FlowsTable => ({
      ...strayFlow(randomUUID(), now),
      account_id: accountId,
      expires_at: expiresAt,
    });
    // Over two steps of the sweep, many flows on the same expiry (a step's edge among them).
    const total = FLOW_SWEEP_STEP * 2 + 500;
    const rows = Array.from({ length: total }, (_, i) => {
      const owner = i % 500 === 0 ? gone : i % 700 === 1 ? stopped : kept;
      return flow(owner, now - DAY + Math.floor(i / 10));
    });
    for (let at = 0; at < rows.length; at += 1_000)
      await db
        .insertInto('flows')
        .values(rows.slice(at, at + 1_000))
        .execute();
    const goneFlow = rows.find((row) => row.account_id === gone)?.id as string;
    await db
      .insertInto('verification_codes')
      .values({
        id: randomUUID(),
        flow_id: goneFlow,
        purpose: 'p',
        code_hash: 'h',
        attempts: 0,
        expires_at: now + DAY,
        consumed_at: null,
        created_at: now,
      })
      .execute();
    const flowsOf = async (accountId: string) =>
      Number(
        (
          await db
            .selectFrom('flows')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const keptBefore = await flowsOf(kept);
    const rests: number[] = [];
    // Login's look-up of the account to be erased, just before the erasure.
    const accounts = createAccountQueries(db);
    expect(await accounts.findByIdentifierOnPlatform('email', `${gone}@example.ph`, 'psl')).toMatchObject({
      account: { id: gone },
    });

    expect(await eraseDueAccounts(db, now, { rest: async (ms) => void rests.push(ms) })).toBe(1);

    expect(await flowsOf(gone)).toBe(0);
    expect(await flowsOf(stopped)).toBe(0);
    expect(await flowsOf(kept)).toBe(keptBefore);
    // One rest for the account, then one per step of the sweep.
    expect(rests.length).toBe(1 + Math.ceil(total / FLOW_SWEEP_STEP));
    expect(
      await db.selectFrom('verification_codes').selectAll().where('flow_id', '=', goneFlow).execute(),
    ).toEqual([]);
    // Each note stays for a second sweep, which forgets it.
    const notes = await db
      .selectFrom('erased_account_flows')
      .select('swept_at')
      .where('account_id', 'in', [gone, stopped])
      .execute();
    expect(notes.map((note) => Number(note.swept_at))).toEqual([now, now]);
    rests.length = 0;
    expect(
      await eraseDueAccounts(db, now + FLOW_SWEEP_SETTLE_MS - 1, { rest: async (ms) => void rests.push(ms) }),
    ).toBe(0);
    expect(rests).toEqual([]);
    expect(
      await eraseDueAccounts(db, now + FLOW_SWEEP_SETTLE_MS, { rest: async (ms) => void rests.push(ms) }),
    ).toBe(0);
    expect(rests.length).toBe(Math.ceil(total / FLOW_SWEEP_STEP));
    expect(await flowsOf(kept)).toBe(keptBefore);
    expect(await db.selectFrom('erased_account_flows').selectAll().execute()).toEqual([]);
    // A look-up that read the account before the erasure cannot leave a flow behind it, by its
    // identifier or by its id.
    const late = { ...flow(gone, now + DAY), identifier: `${gone}@example.ph`, identifier_kind: 'email' };
    await expect(createFlowQueries(db).insert(db, late)).rejects.toMatchObject({
      code: 'account.not_found',
    });
    await createFlowQueries(db).insert(db, { ...late, account_id: kept });
    expect(await flowsOf(kept)).toBe(keptBefore + 1);
    // The expiry index holds the account: the sweep's statements read no table row to choose.
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
          select rowid from flows where expires_at > 0 and expires_at <= 1 and account_id in ('a', 'b')`.execute(
        db,
      );
      expect(plan.rows.map((row) => row.detail).join(' ')).toContain(
        'USING COVERING INDEX flows_expires_account_idx',
      );
    }
  });

  // PostgreSQL runs transactions side by side: a look-up's insert can check the account before its
  // erasure commits and itself commit after the sweep went by. SQLite writes one at a time.
  it.runIf(dialect === 'postgres')(
    'sweeps again the flow of a look-up that checked the account before its erasure and committed after the sweep',
    async () => {
      const db = database.db;
      const id = randomUUID();
      const email = `race-${id}@example.ph`;
      await insertAccount(database, id, email, true);
      const late: FlowsTable = {
        ...strayFlow(randomUUID(), now),
        account_id: id,
        identifier: email,
        identifier_kind: 'email',
      };
      const stored = async () =>
        (await db.selectFrom('flows').select('id').where('id', '=', late.id).execute()).length;
      // The insert's transaction stays open over the erasure and its sweep, on a connection of its own.
      await db.transaction().execute(async (trx) => {
        await createFlowQueries(db).insert(trx, late);
        expect(await eraseDueAccounts(db, now)).toBe(1);
      });
      expect(await stored()).toBe(1);
      expect(await eraseDueAccounts(db, now + FLOW_SWEEP_SETTLE_MS)).toBe(0);
      expect(await stored()).toBe(0);
      expect(
        await db.selectFrom('erased_account_flows').selectAll().where('account_id', '=', id).execute(),
      ).toEqual([]);
    },
  );

  it("reads login's look-up from one index (0025 on SQLite, 0027 on PostgreSQL), and checks its flow's account there, by id when the identifier is no longer the account's", async () => {
    const db = database.db;
    const accounts = createAccountQueries(db);
    const flows = createFlowQueries(db);
    const ids = [randomUUID(), randomUUID()];
    const emailOf = (id: string) => `li-${id}@example.ph`;
    for (const [i, id] of ids.entries())
      await db
        .insertInto('accounts')
        .values({
          id,
          email: emailOf(id),
          email_normalized: emailOf(id),
          mobile_num: i === 0 ? `9${String(Date.now() % 1e9).padStart(9, '0')}` : null,
          home_platform: 'psl',
          user_type: 2,
          password_hash: i === 0 ? 'a-hash' : null,
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
    const [first, second] = ids as [string, string];
    await accounts.addMembership(db, first, 'biz', true, now);
    const flowOf = (accountId: string, identifier: string | null, kind = 'email'): FlowsTable => ({
      ...strayFlow(randomUUID(), now),
      account_id: accountId,
      identifier,
      identifier_kind: identifier === null ? null : kind,
    });
    const stored = async (flow: FlowsTable) =>
      (await db.selectFrom('flows').select('id').where('id', '=', flow.id).execute()).length;

    // What step 1 decides on, and the platform, typed in any case.
    expect(await accounts.findByIdentifierOnPlatform('email', emailOf(first).toUpperCase(), 'biz')).toEqual({
      account: { id: first, user_type: 2, sign_in_locked_at: null, has_password: true },
      onPlatform: true,
    });
    // An account without a password is not one step 1 finds.
    expect(await accounts.findByIdentifierOnPlatform('email', emailOf(second), 'biz')).toBeUndefined();
    const mobile = (await accounts.findById(first))?.mobile_num as string;
    expect((await accounts.findByIdentifierOnPlatform('mobile_num', mobile, 'psl'))?.account.id).toBe(first);
    expect(await accounts.findByIdentifierOnPlatform('email', 'nobody@example.ph', 'psl')).toBeUndefined();

    // The flow of a look-up goes in, by its identifier (typed in any case) or its mobile number.
    for (const flow of [flowOf(first, emailOf(first).toUpperCase()), flowOf(first, mobile, 'mobile_num')]) {
      await flows.insert(db, flow);
      expect(await stored(flow)).toBe(1);
    }
    // An identifier that is another account's now (an email changed since), or none, or an account
    // without a password (not in PostgreSQL's login index): the id decides.
    for (const flow of [
      flowOf(first, emailOf(second)),
      flowOf(first, null),
      flowOf(first, 'x', 'unknown'),
      flowOf(second, emailOf(second)),
    ]) {
      await flows.insert(db, flow);
      expect(await stored(flow)).toBe(1);
    }
    if (dialect === 'postgres') {
      // The same on PostgreSQL (0027): index-only scans once the table's pages are all-visible, as
      // autovacuum keeps them. Sequential scans are off: on a table this small they would be cheaper.
      await sql`vacuum analyze accounts`.execute(db);
      const plans = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const explain = async (query: ReturnType<typeof sql>) =>
          (await query.execute(trx)).rows
            .map((row) => (row as { 'QUERY PLAN': string })['QUERY PLAN'])
            .join('\n');
        return [
          await explain(sql`explain select id, user_type, sign_in_locked_at, platforms from accounts
            where email_normalized = 'a' and password_hash is not null`),
          await explain(
            sql`explain select 1 where exists (select 1 from accounts where mobile_num = 'a' and id = 'b'
              and password_hash is not null)`,
          ),
        ];
      });
      for (const plan of plans)
        expect(plan).toMatch(/Index Only Scan using accounts_login_(email|mobile)_idx/);
    }
    if (dialect === 'sqlite') {
      // The look-up and the check read the kind's login index alone, no page of the table.
      const plans = [
        sql`explain query plan select id, user_type, sign_in_locked_at, password_hash is not null as p,
          platforms from accounts indexed by accounts_login_email_idx where email_normalized = 'a'`,
        sql`explain query plan select 1 where exists (select 1 from accounts indexed by accounts_login_mobile_idx
          where mobile_num = 'a' and id = 'b')`,
      ];
      for (const plan of plans)
        expect(
          (await plan.execute(db)).rows.map((row) => (row as { detail: string }).detail).join(' '),
        ).toMatch(/USING COVERING INDEX accounts_login_(email|mobile)_idx/);
      // The account erased: refused by its identifier and by its id, nothing inserted.
      await db.deleteFrom('platform_memberships').where('account_id', '=', first).execute();
      await db.deleteFrom('flows').where('account_id', '=', first).execute();
      await db.deleteFrom('accounts').where('id', '=', first).execute();
      const late = flowOf(first, emailOf(first));
      await expect(flows.insert(db, late)).rejects.toMatchObject({ code: 'account.not_found' });
      expect(await stored(late)).toBe(0);
    }
  });
});
