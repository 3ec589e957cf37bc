import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { accountRow } from '../test-support/accounts.js';
import { runHubCli, useCliDatabase } from '../test-support/cli.js';
import { testDialects } from '../test-support/databases.js';

const run = runHubCli;

describe.each(testDialects)('hub operators and hub accounts on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  let env: NodeJS.ProcessEnv;
  let database: HubDatabase;
  const now = Date.UTC(2026, 10, 28, 9, 0, 0);
  const seed = async (email: string) => {
    const id = randomUUID();
    await database.db
      .insertInto('accounts')
      .values(accountRow(id, email, now))
      .execute();
    return id;
  };

  beforeAll(() => {
    ({ env, database } = cli);
  });

  it('grants, lists and revokes console roles, as text and as JSON', async () => {
    const id = await seed('ops.lead@example.ph');
    const granted = await run(
      ['operators', 'grant', 'OPS.lead@example.ph', '--role', 'support', '--json'],
      env,
    );
    expect(granted.code, granted.err).toBe(0);
    expect(JSON.parse(granted.out)).toEqual({ account: id, role: 'support', email: 'ops.lead@example.ph' });
    expect((await run(['operators', 'grant', id, '--role', 'admin'], env)).out).toBe(
      'ops.lead@example.ph is now admin.\n',
    );
    const listed = JSON.parse((await run(['operators', 'list', '--json'], env)).out);
    expect(listed.operators).toEqual([
      expect.objectContaining({ account: id, role: 'admin', grantedBy: null }),
    ]);
    expect((await run(['operators', 'list'], env)).out).toMatch(/ops\.lead@example\.ph\s+admin/);

    expect((await run(['operators', 'grant', id, '--role', 'root'], env)).code).toBe(64);
    expect((await run(['operators', 'grant', 'nobody@example.ph', '--role', 'viewer'], env)).code).toBe(1);
    expect((await run(['operators', 'revoke', id], env)).code).toBe(0);
    expect((await run(['operators', 'revoke', id], env)).code).toBe(1);
    const audit = await database.db
      .selectFrom('audit_events')
      .select(['event', 'detail'])
      .where('account_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.event)).toEqual([
      'admin.operator_granted',
      'admin.operator_granted',
      'admin.operator_revoked',
    ]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ operator: null, via: 'cli', role: 'support' });
  });

  it('finds, shows, locks, unlocks and ends the sessions of an account, each action with its reason', async () => {
    const id = await seed('cli.person@example.ph');
    const found = JSON.parse((await run(['accounts', 'find', 'cli.pers', '--json'], env)).out);
    expect(found).toEqual({
      accounts: [expect.objectContaining({ id, email: 'cli.person@example.ph' })],
      more: false,
    });
    const shown = await run(['accounts', 'show', id, '--json'], env);
    expect(JSON.parse(shown.out).account).toMatchObject({ id, lockedAt: null });
    expect(shown.out).not.toMatch(/password_hash|\$argon2/);

    expect((await run(['accounts', 'lock', id], env)).code).toBe(64);
    const locked = await run(['accounts', 'lock', id, '--reason', 'fraud report #12'], env);
    expect(locked.code, locked.err).toBe(0);
    expect(locked.out).toBe('Sign-in to cli.person@example.ph is locked; its sessions have ended.\n');
    expect((await run(['accounts', 'show', 'cli.person@example.ph'], env)).out).toMatch(
      /sign-in\s+locked since/,
    );
    const unlocked = JSON.parse(
      (await run(['accounts', 'unlock', id, '--reason', 'cleared', '--json'], env)).out,
    );
    expect(unlocked).toMatchObject({ account: id, locked: false, changed: true });
    expect((await run(['accounts', 'end-sessions', id, '--reason', 'asked by phone'], env)).code).toBe(0);
    expect((await run(['accounts', 'delete', id, '--reason', 'asked'], env)).code).toBe(64);
    expect((await run(['accounts', 'delete', id, '--reason', 'asked', '--yes'], env)).code).toBe(0);
    expect((await run(['accounts', 'delete', id, '--reason', 'asked', '--yes'], env)).code).toBe(1);
    expect((await run(['accounts', 'show', 'missing@example.ph'], env)).code).toBe(1);

    const reasons = await database.db
      .selectFrom('audit_events')
      .select(['event', 'detail'])
      .where('account_id', '=', id)
      .where('event', 'like', 'admin.%')
      .orderBy('id')
      .execute();
    expect(reasons.map((row) => [row.event, JSON.parse(row.detail).reason])).toEqual([
      ['admin.account_locked', 'fraud report #12'],
      ['admin.account_unlocked', 'cleared'],
      ['admin.sessions_ended', 'asked by phone'],
      ['admin.deletion_requested', 'asked'],
    ]);
  });
});
