import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import type { HubDatabase } from './database.js';
import { consoleNameSearchMigration, nameSearchIndexes } from './migrations/0028-console-name-search.js';
import { createOperatorQueries, nameSearchQuery } from './operators.js';

/** 3,000 accounts with profiles: 30 first names by 20 last names, each pair shared by five accounts. */
const ACCOUNTS = 3_000;
const FIRST = Array.from({ length: 30 }, (_, i) => `First${String.fromCharCode(97 + (i % 26))}${i}`);
const LAST = Array.from({ length: 20 }, (_, i) => `Last${String.fromCharCode(97 + i)}`);
const idOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const nameOf = (i: number) => [FIRST[i % 30]!, LAST[Math.floor(i / 30) % 20]!] as const;

const seed = async (database: HubDatabase) => {
  for (let from = 0; from < ACCOUNTS; from += 500) {
    const range = Array.from({ length: 500 }, (_, k) => from + k);
    await database.db
      .insertInto('accounts')
      .values(
        range.map((i) => ({
          id: idOf(i),
          email: `person-${i}@example.com`,
          email_normalized: `person-${i}@example.com`,
          home_platform: 'psl' as const,
          user_type: 0,
          u_type: 1,
          verified: 1,
          created_at: i,
          updated_at: i,
        })) as never,
      )
      .execute();
    await database.db
      .insertInto('profiles')
      .values(
        range.map((i) => ({
          account_id: idOf(i),
          first_name: nameOf(i)[0],
          last_name: nameOf(i)[1],
          contact_info: '{}',
          other_info: '{}',
          profile: '{}',
          created_at: i,
        })),
      )
      .execute();
  }
};

describe.each(testDialects)("the console's search by name (migration 0028) on %s", (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seed(database);
    if (dialect === 'postgres')
      await database.db.executeQuery(CompiledQuery.raw('analyze accounts, profiles'));
  });
  afterAll(async () => database?.close());

  const planOf = async (query: { sql: string; parameters: readonly unknown[] }) => {
    const explain = dialect === 'sqlite' ? 'explain query plan' : 'explain';
    const rows = await database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
  };

  it('reads a page from the name index, in its order, without a walk of the accounts or a sort', async () => {
    // A name of five accounts, and prefixes of every account's name and of 150 accounts' last name:
    // PostgreSQL may sort the five it finds, never thousands.
    for (const [name, prefix, broad] of [
      ['full', 'firsta0 lastb', false],
      ['full', 'first', true],
      ['last', 'lastc', true],
    ] as const) {
      const query = nameSearchQuery(database.db, name, prefix, 21).compile();
      const plan = await planOf(query);
      expect(plan, query.sql).toContain(nameSearchIndexes[name].name);
      expect(plan, query.sql).not.toMatch(/SCAN accounts|Seq Scan on (accounts|profiles)|TEMP B-TREE/);
      if (broad || dialect === 'sqlite') expect(plan, query.sql).not.toMatch(/Sort/);
    }
  });

  it('finds by "first last" and by the last name, the name then the account in order, a page at a time', async () => {
    const queries = createOperatorQueries(database.db);
    // Five accounts are "Firsta0 Lastb" (i = 30, 630, 1230, 1830, 2430).
    const pair = await queries.searchByName('firsta0 lastb', 21, 0);
    expect(pair.map((hit) => hit.id)).toEqual([30, 630, 1230, 1830, 2430].map(idOf));
    // "Lastc" is the last name of 150 accounts: the first page, then the second.
    const first = await queries.searchByName('lastc', 21, 0);
    const second = await queries.searchByName('lastc', 21, 21);
    expect(first).toHaveLength(21);
    expect(second).toHaveLength(21);
    const all = [...first, ...second];
    expect(new Set(all.map((hit) => hit.id)).size).toBe(42);
    expect(all.every((hit) => hit.last_name === 'Lastc')).toBe(true);
    // One last name: in the order of the accounts.
    const ids = all.map((hit) => hit.id);
    expect(ids).toEqual([...ids].sort());
    expect(await queries.searchByName('nobody', 21, 0)).toEqual([]);
  });

  it('goes back to the indexes of 0016 and forward again, and the search answers the same', async () => {
    const queries = createOperatorQueries(database.db);
    const before = await queries.searchByName('firstb1', 21, 0);
    await consoleNameSearchMigration.down?.(database.db as never);
    expect(await queries.searchByName('firstb1', 21, 0)).toEqual(before);
    await consoleNameSearchMigration.up(database.db as never);
    expect(await queries.searchByName('firstb1', 21, 0)).toEqual(before);
    expect(before).toHaveLength(21);
    const plan = await planOf(nameSearchQuery(database.db, 'full', 'firstb1', 21).compile());
    expect(plan).toContain(nameSearchIndexes.full.name);
  });
});
