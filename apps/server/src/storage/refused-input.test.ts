import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';
import type { HubDatabase } from './database.js';
import { isInputRefusedByDatabase } from './refused-input.js';

// The edge rules keep these values away from the database; this is the net under them, should a
// new route forget a rule: PostgreSQL's own refusal of the value is answered 400, not 500.
describe.runIf(testDialects.includes('postgres'))('a value PostgreSQL refuses to store', () => {
  let database: HubDatabase;
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    registerErrorHandler(app);
    // Deliberately without the edge rules: the query parameter goes to the database as it came.
    app.get<{ Querystring: { name?: string; tid?: string } }>('/probe', async (request) => {
      const { name = 'x', tid = '1' } = request.query;
      await database.db
        .insertInto('tools')
        .values({
          tid: Number(tid),
          name,
          type: 1,
          logo: null,
          path_prefix: '',
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database?.close();
  });

  const invalid = {
    code: 'request.invalid',
    message: 'The request is invalid. Please check the fields and try again.',
  };

  it('answers a NUL in text with request.invalid (SQLSTATE 22021)', async () => {
    expectRefusal(await app.inject('/probe?name=a%00b&tid=7'), 400, invalid);
  });

  it('answers an integer past the column with request.invalid (SQLSTATE 22003)', async () => {
    expectRefusal(await app.inject('/probe?tid=2147483648'), 400, invalid);
    expectRefusal(await app.inject('/probe?tid=99999999999999'), 400, invalid);
  });

  it('still answers our own faults with a 500: a duplicate key is a bug, not bad input', async () => {
    expect((await app.inject('/probe?tid=8')).statusCode).toBe(200);
    const duplicate = await app.inject('/probe?tid=8');
    expect(duplicate.statusCode).toBe(500);
    expect(duplicate.json().code).toBe('internal');
  });
});

describe('the classifier of database refusals', () => {
  it('recognises the refusal when it is wrapped, and nothing else', () => {
    const refusal = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    expect(isInputRefusedByDatabase(refusal)).toBe(true);
    expect(isInputRefusedByDatabase(new Error('in a transaction', { cause: refusal }))).toBe(true);
    expect(isInputRefusedByDatabase(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isInputRefusedByDatabase({ code: '22021' })).toBe(false);
    expect(isInputRefusedByDatabase(undefined)).toBe(false);
  });
});
