import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../storage/schema.js';
import type { TestHub } from './app.js';
import { expectJsonRefusal } from './refusals.js';

/** What attackers put in any field first: blanks, NUL, a prototype key, SQL, a 100 kB string. */
const classicValues = ['', ' ', '\u0000', '__proto__', "' OR 1=1 --", 'a'.repeat(100_000)];

/**
 * Hostile field values: wrong types, huge strings, prototype keys, control characters, and the
 * near misses of the endpoints' own values (`PSL` for `psl`, a mobile number for an email).
 */
export const hostileValue = (nearMisses: string[]) =>
  fc.oneof(fc.anything(), fc.string({ maxLength: 2000 }), fc.constantFrom(...classicValues, ...nearMisses));

/**
 * Hostile bodies: anything at all, or hostile values under the endpoints' own field names (and
 * `__proto__` and an unknown `x`), or any of the `shapes` closer to a real request.
 */
export const hostileBody = (
  fields: string[],
  value: fc.Arbitrary<unknown>,
  ...shapes: fc.Arbitrary<unknown>[]
) => fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...fields, '__proto__', 'x'), value), ...shapes);

const rowCounts = (hub: TestHub, tables: ReadonlyArray<keyof Database>) =>
  Promise.all(
    tables.map(async (table) => {
      const row = await hub.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );

/** Property: any of `bodies` POSTed to any of `endpoints` is refused and leaves `tables` as they were. */
export const assertHostileBodiesRefused = async (input: {
  hub: TestHub;
  endpoints: string[];
  bodies: fc.Arbitrary<unknown>;
  tables: ReadonlyArray<keyof Database>;
  post: (url: string, body: unknown) => Promise<LightMyRequestResponse>;
}) => {
  const { hub, endpoints, bodies, tables, post } = input;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...endpoints), bodies, async (url, body) => {
      hub.clock.advance(61_000); // keep the per-IP look-up limit out of the way
      const before = await rowCounts(hub, tables);
      expectJsonRefusal(await post(url, body === undefined ? null : body), url);
      expect(await rowCounts(hub, tables)).toEqual(before);
    }),
    { numRuns: 150 },
  );
};

/**
 * Property: a hostile string as each of the `params` of a GET to any of `endpoints`, and as the
 * name of one more, is refused.
 */
export const assertHostileQueriesRefused = async (input: {
  endpoints: string[];
  params: string[];
  get: (url: string) => Promise<LightMyRequestResponse>;
}) => {
  const { endpoints, params, get } = input;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...endpoints), fc.string({ maxLength: 300 }), async (url, query) => {
      const q = encodeURIComponent(query);
      const search = [...params.map((param) => `${param}=${q}`), `${q}=1`].join('&');
      expectJsonRefusal(await get(`${url}?${search}`), url);
    }),
    { numRuns: 100 },
  );
};
