import { errorMessage } from '@hub/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { expectCatalogueBody } from '../test-support/refusals.js';
import { registerErrorHandler } from './error-handler.js';

/**
 * The error body is the catalogue's and nothing else: a code, its English text, the params that
 * text interpolates, the field and the wait. Whatever went wrong inside (an error's message, its
 * stack, a query, a host) stays in the log.
 */
const secrets = ['SELECT', 'password_hash', '10.0.0.5', 'hunter2', '/etc/passwd', 'at '];

const expectNoSecret = (text: string) => {
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe('the error handler', () => {
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } });
    registerErrorHandler(app);
    app.get('/sql', async () => {
      throw new Error('SELECT password_hash FROM accounts WHERE email = $1 failed');
    });
    app.get('/pg-unique', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "accounts_email"'), {
        code: '23505',
        detail: 'Key (email)=(hunter2@example.ph) already exists.',
      });
    });
    app.get('/fault-5xx', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { statusCode: 503 });
    });
    app.get('/fault-4xx', async () => {
      throw Object.assign(new Error('cannot read /etc/passwd'), { statusCode: 418 });
    });
    app.get('/unavailable', async () => {
      throw new HubError('service.unavailable', {
        retryAfter: 2,
        cause: new Error('connect ECONNREFUSED 10.0.0.5:5432 as hunter2'),
      });
    });
    app.get('/rate-limited', async () => {
      // A param the message does not interpolate is not sent, whatever a caller passed along.
      throw new HubError('rate_limited', { retryAfter: 30, params: { seconds: 30, query: 'SELECT 1' } });
    });
    app.get('/reset-not-found', async () => {
      throw new HubError('account.not_found', { field: 'account', screen: 'reset' });
    });
    app.get('/tool', async () => {
      throw new HubError('account.not_registered_to_tool', { field: 'account', params: { tool: 'Chat' } });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/sql', '/pg-unique', '/fault-5xx'])(
    'answers %s with the catalogue’s internal error only',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'internal', message: errorMessage('internal') });
      expectNoSecret(res.body);
      expectNoSecret(JSON.stringify(res.headers));
    },
  );

  it('answers a framework 4xx with catalogue text, not the error’s own message', async () => {
    const res = await app.inject('/fault-4xx');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ code: 'request.invalid', message: errorMessage('request.invalid') });
    expectNoSecret(res.body);
  });

  it('keeps the cause of a 503 in the log, out of the body', async () => {
    const before = logged.length;
    const res = await app.inject('/unavailable');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'service.unavailable',
      message: errorMessage('service.unavailable'),
      retryAfter: 2,
    });
    expectNoSecret(res.body);
    expect(logged.slice(before).join('\n')).toContain('ECONNREFUSED 10.0.0.5');
  });

  it('sends the params the message interpolates, so a client can render it in its own words', async () => {
    const limited = await app.inject('/rate-limited');
    expect(limited.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 30 seconds.',
      params: { seconds: 30 },
      retryAfter: 30,
    });
    const tool = await app.inject('/tool');
    expect(tool.json()).toEqual({
      code: 'account.not_registered_to_tool',
      message: 'Account is not registered to Chat',
      params: { tool: 'Chat' },
      field: 'account',
    });
  });

  it('words the English message for the screen, under the one code of the event', async () => {
    const res = await app.inject('/reset-not-found');
    expect(res.json()).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist.',
      field: 'account',
    });
  });

  it('words the message in the request’s language, keeping the code and params (issue #18)', async () => {
    const filipino = { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' };
    const tool = await app.inject({ url: '/tool', headers: filipino });
    expect(tool.json()).toEqual({
      code: 'account.not_registered_to_tool',
      message: 'Hindi nakarehistro ang account sa Chat',
      params: { tool: 'Chat' },
      field: 'account',
    });
    const reset = await app.inject({ url: '/reset-not-found?lng=fil', headers: { 'accept-language': 'en' } });
    expect(reset.json().message).toBe('Walang ganitong account.');
    const english = await app.inject({ url: '/tool', headers: { 'accept-language': 'de, en;q=0.5' } });
    expect(english.json().message).toBe('Account is not registered to Chat');
  });

  it('answers every one of them with a body made of the catalogue alone', async () => {
    for (const url of [
      '/sql',
      '/pg-unique',
      '/fault-5xx',
      '/fault-4xx',
      '/unavailable',
      '/rate-limited',
      '/tool',
    ]) {
      expectCatalogueBody((await app.inject(url)).json(), url);
    }
  });
});
