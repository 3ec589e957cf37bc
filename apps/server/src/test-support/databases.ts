import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createTestDatabaseUrl } from './database-url.js';

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
  const { url, drop } = await createTestDatabaseUrl('postgres');
  const database = openDatabase(url, { poolSize: 5 });
  await migrateToLatest(database);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
};
