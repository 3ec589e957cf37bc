import { authEndpoints } from '@hub/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { throttleRules } from '../services/throttle.js';
import { strongPassword, TestBrowser } from '../test-support/client.js';
import { postgresAndRedisReachable, testRedisUrl } from '../test-support/redis.js';
import { useTwoHubs } from '../test-support/two-hubs.js';
import { FREE_PASSWORD_FAILURES } from './login/flow.js';

/**
 * Two hubs, as two processes behind a load balancer would be: each its own app, database pool and
 * Redis connection, on one PostgreSQL database and one Redis. Guesses in parallel through both
 * meet one limit per account and one per client address.
 */

const _redisUrl = testRedisUrl;
const canRun = await postgresAndRedisReachable();

const BALANCER = '10.0.0.1';

const tally = (responses: LightMyRequestResponse[]) => {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = `${res.statusCode} ${res.json().code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe.skipIf(!canRun)('password limits across two hubs on one PostgreSQL and one Redis', () => {
  const two = useTwoHubs({
    TRUST_PROXY: '1',
    // The per-account limit is what this checks; the stuffing challenge has its own test.
    SIGN_IN_CHALLENGE: 'off',
  });
  // The hubs' list fills in beforeAll; Redis is read through `two` once it is connected.
  const { prefix, clock, hubs, seed: seedThroughA } = two;

  const seed = seedThroughA;

  /** A browser behind the balancer at `clientIp`, sending every request to `app`. */
  const passwordStep = async (app: FastifyInstance, clientIp: string, account: string) => {
    const browser = new TestBrowser(app, 'http://localhost:3000', BALANCER);
    const xff = { 'x-forwarded-for': clientIp };
    const started = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account }, xff);
    expect(started.statusCode, started.body).toBe(200);
    const flowId = started.json().flowId;
    return (password: string) => browser.post(authEndpoints.loginPassword, { flowId, password }, xff);
  };
  const appOf = (i: number) => hubs[i % 2]!.app;

  it('checks 10 of 60 parallel wrong passwords sent to both hubs from 60 addresses', async () => {
    const email = 'shared-burst@example.ph';
    await seed(email);
    const steps = await Promise.all(
      Array.from({ length: 60 }, (_, i) => passwordStep(appOf(i), `198.51.100.${i + 1}`, email)),
    );
    const answers = await Promise.all(steps.map((guess, i) => guess(`Wrong-guess-${i}`)));
    expect(tally(answers)).toEqual({
      '401 password.incorrect': FREE_PASSWORD_FAILURES,
      '429 rate_limited': 60 - FREE_PASSWORD_FAILURES,
    });
    for (const res of answers.filter((r) => r.statusCode === 429)) expect(res.json().retryAfter).toBe(30);

    const owner = await passwordStep(appOf(1), '203.0.113.50', email);
    expect((await owner(strongPassword)).json().retryAfter).toBe(30);
    clock.advance(30_000);
    expect((await owner(strongPassword)).statusCode).toBe(200);
  });

  it('holds the per-IP limit across both hubs, and keeps no address or email in clear in Redis', async () => {
    const rule = throttleRules.passwordPerIp;
    const attacker = '192.0.2.77';
    const emails = Array.from({ length: 12 }, (_, i) => `shared-ip-${i}@example.ph`);
    for (const email of emails) await seed(email);
    const steps = await Promise.all(emails.map((email, i) => passwordStep(appOf(i), attacker, email)));
    const answers = await Promise.all(
      steps.flatMap((guess) => Array.from({ length: 10 }, (_, i) => guess(`Wrong-${i}`))),
    );
    expect(tally(answers)).toEqual({
      '401 password.incorrect': rule.points,
      '429 rate_limited': 120 - rule.points,
    });

    const keys = await two.redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.startsWith(`${prefix}${rule.name}:`))).toBe(true);
    const counts = await Promise.all(
      keys.filter((key) => key.startsWith(`${prefix}${rule.name}:`)).map((key) => two.redis.get(key)),
    );
    expect(Math.max(...counts.map(Number))).toBe(120);
    for (const key of keys) {
      expect(key).not.toContain(attacker);
      expect(key).not.toContain('@example.ph');
      expect(key).not.toContain('198.51.100.');
    }
  });

  it('holds the look-up limit for an IPv6 /64 across both hubs, whichever of its addresses each request comes from', async () => {
    const rule = throttleRules.lookupPerIp;
    const email = 'shared-v6@example.ph';
    await seed(email);
    const lookUp = (app: FastifyInstance, ip: string) =>
      new TestBrowser(app, 'http://localhost:3000', BALANCER).post(
        authEndpoints.loginIdentify,
        { platform: 'psl', account: email },
        { 'x-forwarded-for': ip },
      );
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) => lookUp(appOf(i), `2001:db8:77:1:${(i + 1).toString(16)}::9`)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(rule.points);
    expect(tally(answers.filter((res) => res.statusCode !== 200))).toEqual({
      '429 rate_limited': 90 - rule.points,
    });
    expect((await lookUp(appOf(0), '2001:db8:77:2::9')).statusCode).toBe(200);
    for (const key of await two.redis.keys(`${prefix}*`)) expect(key).not.toContain('2001:db8');
  });
});
