import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The database or a transaction on it: query functions take either, so callers can compose them. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether `db` is PostgreSQL: the few places where the two databases differ (retention's batch
 * look-ups; the erased flows' sweep). A transaction shares its database's adapter.
 */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
