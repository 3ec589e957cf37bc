import { encodeBase64Account, encodeBase64Json } from '@hub/core';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../storage/schema.js';
import type { TestHub } from './app.js';
import { demoToolUrl } from './catalogue.js';
import { expectJsonRefusal } from './refusals.js';

/** What attackers put in any field first: blanks, NUL, a prototype key, SQL, a 100 kB string. */
const classicValues = ['', ' ', '\u0000', '__proto__', "' OR 1=1 --", 'a'.repeat(100_000)];

/**
 * Text SQLite stores but PostgreSQL refuses or changes: a NUL, a lone UTF-16 surrogate, alone or
 * inside otherwise ordinary text (an email, a platform name, a tsa key).
 */
export const unstorableString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00',
    '\uDBFF\uDBFF',
    'psl\u0000',
    'who\u0000@example.ph',
  ),
  fc
    .tuple(
      fc.string({ maxLength: 24 }),
      fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDC00\uD800'),
      fc.string({ maxLength: 24 }),
    )
    .map(([before, bad, after]) => before + bad + after),
);

/** Numbers past an integer column, negative, fractional, unsafe, not finite (JSON sends null). */
export const hostileNumber = fc.oneof(
  fc.constantFrom(2147483648, 99999999999999, 4294967296, -1, -2147483649, 1.5, 1e308, -0, 2 ** 53 + 2),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double(),
);

/** A tool session ('from', spec §3) as JSON text: its tid and every text field hostile or not. */
export const hostileToolSession = (inner: fc.Arbitrary<unknown>) =>
  fc
    .record(
      {
        cb: fc.oneof(fc.constant(`${demoToolUrl}/t/202/cb`), inner),
        tid: fc.oneof(fc.constantFrom(202, 18), hostileNumber, inner),
        tinfo: fc.array(
          fc.record({ tid: fc.oneof(fc.constant(202), hostileNumber, inner), name: inner, logo: inner }),
          { maxLength: 2 },
        ),
        expiration: inner,
        platform: fc.oneof(fc.constantFrom('psl', 'psl', 'biz'), inner),
        tsa_key: fc.oneof(fc.constantFrom('PARTNER_DESK_RQX', 'PFREFERRAL_SSO_RQX'), inner),
        pricing: inner,
        subcb: inner,
        ref_a_frnd: inner,
        state: inner,
      },
      { requiredKeys: ['cb', 'tid'] },
    )
    .map((session) => JSON.stringify(session));

/** A profile seed ('from' of the ubr_profile entry) as JSON text. */
export const hostileProfileSeed = (inner: fc.Arbitrary<unknown>) =>
  fc
    .record(
      {
        credential: inner,
        first_name: inner,
        last_name: inner,
        middle_name: inner,
        contact_info: fc.dictionary(fc.constantFrom('phone', 'x'), inner),
        other_info: fc.record({ gender: inner }),
      },
      { requiredKeys: ['credential', 'first_name', 'last_name'] },
    )
    .map((seed) => JSON.stringify(seed));

/** A referral link (ref_a_frnd): base64url JSON with the numbers of two integer columns. */
export const hostileRefAFrnd = (inner: fc.Arbitrary<unknown>, aid: fc.Arbitrary<unknown> = inner) =>
  fc
    .record({
      tid: fc.oneof(hostileNumber, fc.constant(18), inner),
      aid,
      ref_from: fc.oneof(hostileNumber, fc.constant(4), inner),
    })
    .map((link) => encodeBase64Json(link));

/** Values that carry their hostility inside an encoding the hub decodes later (JSON, base64 JSON). */
export const encodedValue = (inner: fc.Arbitrary<unknown>) =>
  fc.oneof(
    hostileToolSession(inner),
    hostileProfileSeed(inner),
    hostileRefAFrnd(inner),
    // A sainfo, and a base64 account as the password screens read them.
    fc
      .record({ account: inner, ref: inner, default: inner, step: hostileNumber })
      .map((sainfo) => JSON.stringify(sainfo)),
    fc.string({ maxLength: 40 }).map((account) => encodeBase64Account(`account_${account}`)),
  );

/**
 * Hostile field values: wrong types, huge strings, prototype keys, control characters, text
 * PostgreSQL cannot store, numbers past its columns, and the near misses of the endpoints' own
 * values (`PSL` for `psl`, a mobile number for an email).
 */
export const hostileValue = (nearMisses: string[]) =>
  fc.oneof(
    fc.anything(),
    fc.string({ maxLength: 2000 }),
    unstorableString,
    hostileNumber,
    fc.constantFrom(...classicValues, ...nearMisses),
  );

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

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * The routes the app has registered (HEAD left out: Fastify adds it to every GET), read from
 * Fastify's own route tree, so a route added later is in every list built from this one.
 */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => {
  const routes: RegisteredRoute[] = [];
  // printRoutes draws a tree: 4 characters of indent per level, a child's path continues its parent's.
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
};

/**
 * A query value as a hostile client writes it: percent-encoded UTF-8, except that a lone surrogate
 * is sent as the three bytes it would have (invalid UTF-8, which no browser sends).
 */
export const percentEncode = (value: string): string => {
  let encoded = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
};
