import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import { runCli } from '../cli.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { createTestDatabaseUrl } from './database-url.js';
import type { TestDialect } from './databases.js';

/** Runs `hub <argv>` in this process, as an operator would, and returns its exit code and output. */
export const runHubCli = async (argv: string[], env: NodeJS.ProcessEnv, now?: () => number) => {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: '', err: '' };
  out.on('data', (c) => (chunks.out += c));
  err.on('data', (c) => (chunks.err += c));
  const code = await runCli(argv, { out, err, env, now });
  return { code, ...chunks };
};

/**
 * A database of the test's own, migrated by `hub migrate` as an operator would, for the tests of
 * one describe block; `database` opens it beside the CLI to read what the commands wrote.
 */
export const useCliDatabase = (dialect: TestDialect) => {
  const context = {} as { url: string; env: NodeJS.ProcessEnv; database: HubDatabase };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabaseUrl(dialect);
    drop = created.drop;
    context.url = created.url;
    context.env = { DATABASE_URL: created.url };
    expect((await runHubCli(['migrate'], context.env)).code).toBe(0);
    context.database = openDatabase(created.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await context.database?.close();
    await drop?.();
  });
  return context;
};

/** An audit row as a test reads it: its detail parsed. */
export type AuditRowRead = Awaited<ReturnType<typeof auditRowsAfter>>[number];

const lastAuditId = async (database: HubDatabase) =>
  Number(
    (
      await database.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

const auditRowsAfter = async (database: HubDatabase, id: number) =>
  (await database.db.selectFrom('audit_events').selectAll().where('id', '>', id).orderBy('id').execute()).map(
    (row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }),
  );

/** Runs `hub <argv>` and answers what it did with the audit rows it wrote (and only those). */
export const runHubCliAudited = async (
  database: HubDatabase,
  argv: string[],
  env: NodeJS.ProcessEnv,
  now?: () => number,
) => {
  const before = await lastAuditId(database);
  const result = await runHubCli(argv, env, now);
  return { ...result, audit: await auditRowsAfter(database, before) };
};
