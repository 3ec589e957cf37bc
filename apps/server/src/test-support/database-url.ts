import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestDialect } from './databases.js';

/**
 * A DATABASE_URL for code that opens the database itself (the CLI, and `createTestDatabase` on
 * PostgreSQL): a SQLite file in a fresh temporary folder, or a new, empty PostgreSQL database
 * beside TEST_DATABASE_URL's. Not migrated: the code that opens it does that. `drop` removes it.
 */
export const createTestDatabaseUrl = async (
  dialect: TestDialect,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'hub-test-'));
    return {
      url: `sqlite:${join(dir, 'hub.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
};

const adminQuery = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
