import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How many accounts' row keys are kept: a turn's look-ups many times over. */
const KEPT = 1_024;

/**
 * SQLite: the row keys (`rowid`) of the accounts login's look-up has just read, by account id, until
 * the flow of that look-up is inserted (docs/performance.md "At a million accounts"). The flow's
 * insert checks that its account still exists (storage/flows.ts); by row key that check reads the
 * account's row, which the look-up has just brought into SQLite's page cache, where by id it reads a
 * leaf of the id's own index, at a million accounts most often from the kernel. A row key is only a
 * hint: the check matches the id as well, so a stale one (an account erased, a `VACUUM` that
 * renumbered the rows) inserts nothing and the check by id decides. One set of hints per database,
 * the oldest dropped past `KEPT` (a look-up refused before its flow leaves its hint behind).
 */
export interface RowKeyHints {
  note(accountId: string, rowKey: number): void;
  /** The account's row key if one was noted, forgotten as it is taken. */
  take(accountId: string): number | undefined;
}

const hintsByDatabase = new WeakMap<Kysely<Database>, RowKeyHints>();

const createRowKeyHints = (): RowKeyHints => {
  const keys = new Map<string, number>();
  return {
    note(accountId, rowKey) {
      keys.delete(accountId);
      keys.set(accountId, rowKey);
      if (keys.size > KEPT) keys.delete(keys.keys().next().value as string);
    },
    take(accountId) {
      const rowKey = keys.get(accountId);
      if (rowKey !== undefined) keys.delete(accountId);
      return rowKey;
    },
  };
};

/** The hints of `db` (its root handle: both query factories are made with it). */
export const rowKeyHints = (db: Kysely<Database>): RowKeyHints => {
  let hints = hintsByDatabase.get(db);
  if (!hints) {
    hints = createRowKeyHints();
    hintsByDatabase.set(db, hints);
  }
  return hints;
};
