import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at one. */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * A fresh, migrated database for one test file: an in-memory SQLite database, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL's and dropped on close.
 */
export const createTestDatabase = async (dialect: TestDialect): Promise<HubDatabase> => {
  if (dialect === 'sqlite') {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { poolSize: 5 });
  await migrateToLatest(database);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
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
