import { authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { solveSignInChallenge } from '../test-support/challenge.js';
import { TestBrowser } from '../test-support/client.js';
import { postgresAndRedisReachable } from '../test-support/redis.js';
import { useTwoHubs } from '../test-support/two-hubs.js';

/**
 * Credential stuffing across two hubs, as two processes behind a load balancer: each its own app,
 * database pool and Redis connection, on one PostgreSQL database and one Redis (a key prefix of
 * the test's own). Accounts tried through either count in one bucket, and a challenge solved for
 * one is taken once by both.
 */

const canRun = await postgresAndRedisReachable();
const ORIGIN = 'http://localhost:3000';

describe.skipIf(!canRun)('credential stuffing across two hubs on one PostgreSQL and one Redis', () => {
  const two = useTwoHubs({ SIGN_IN_CHALLENGE: 'on' });
  // The hubs' list fills in beforeAll; Redis is read through `two` once it is connected.
  const { prefix, hubs, seed: seedThroughA } = two;

  /** One browser (its cookies) whose requests go to hub A or hub B. */
  const browsers = (ip: string) => {
    const a = new TestBrowser(hubs[0]!.app, ORIGIN, ip);
    const b = new TestBrowser(hubs[1]!.app, ORIGIN, ip);
    const share = (from: TestBrowser, to: TestBrowser) => {
      for (const [name, value] of from.cookies) to.cookies.set(name, value);
    };
    return {
      through: (i: number) => {
        const [from, to] = i % 2 === 0 ? [b, a] : [a, b];
        share(from, to);
        return to;
      },
    };
  };
  const identify = (browser: TestBrowser, account: string, headers: Record<string, string> = {}) =>
    browser.post(authEndpoints.loginIdentify, { platform: 'psl', account }, headers);

  it('counts the accounts tried through both hubs in one bucket, and takes a solved challenge once', async () => {
    const email = 'shared-victim@example.ph';
    await seedThroughA(email);
    const attacker = browsers('198.51.100.9');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await identify(attacker.through(i), `shared-${i}@example.ph`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(404));
    // The 11th, through either hub, must solve a challenge.
    expect((await identify(attacker.through(0), email)).json().code).toBe('challenge.required');
    expect((await identify(attacker.through(1), email)).json().code).toBe('challenge.required');

    const solved = await solveSignInChallenge(attacker.through(0));
    expect((await identify(attacker.through(1), email, solved.header)).statusCode).toBe(200);
    // Replayed on the other hub, or on the same: refused.
    const replays = await Promise.all([
      identify(attacker.through(0), email, solved.header),
      identify(attacker.through(1), email, solved.header),
    ]);
    expect(replays.map((res) => `${res.statusCode} ${res.json().code}`)).toEqual([
      '403 challenge.invalid',
      '403 challenge.invalid',
    ]);
    // Two racing uses of one fresh solution on both hubs: one wins.
    const fresh = await solveSignInChallenge(attacker.through(0));
    const race = await Promise.all([
      identify(attacker.through(0), email, fresh.header),
      identify(attacker.through(1), email, fresh.header),
    ]);
    expect(race.map((res) => res.statusCode).sort()).toEqual([200, 403]);

    const keys = await two.redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.startsWith(`${prefix}stuffing_ip_accounts:`))).toBe(true);
    for (const key of keys) {
      expect(key).not.toContain('198.51.100');
      expect(key).not.toContain('@example.ph');
    }
  });

  it('counts an IPv6 run over the /64s of one /48 through both hubs in one site', async () => {
    // Forty /64s of 2001:db8:77::/48, one account each, half through each hub.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const browser = browsers(`2001:db8:77:${i.toString(16)}::5`).through(i);
      statuses.push((await identify(browser, `site-shared-${i}@example.ph`)).statusCode);
    }
    expect(statuses).toEqual(Array(40).fill(404));
    // The 41st must solve a challenge through either hub.
    for (const i of [0, 1]) {
      const browser = browsers(`2001:db8:77:f${i}::5`).through(i);
      expect((await identify(browser, 'site-shared-40@example.ph')).json().code).toBe('challenge.required');
    }
    const keys = await two.redis.keys(`${prefix}stuffing_site_accounts:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain('2001:db8');
  });
});
