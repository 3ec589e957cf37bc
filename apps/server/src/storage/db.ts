import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The database or a transaction on it: query functions take either, so callers can compose them. */
export type Db = Kysely<Database> | Transaction<Database>;
