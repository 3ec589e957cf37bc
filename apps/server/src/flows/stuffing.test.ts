import { authEndpoints, SIGN_IN_CHALLENGE_HEADER, switchingEndpoints } from '@hub/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { addressBuckets } from '../services/client-address.js';
import { createThrottle } from '../services/throttle.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestClock, setUpTestHub, type TestHub } from '../test-support/app.js';
import { solveSignInChallenge } from '../test-support/challenge.js';
import { browserFor, signInWith, strongPassword, type TestBrowser } from '../test-support/client.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { testHubEnv } from '../test-support/hub-env.js';

/**
 * Credential stuffing (docs/security.md "Credential stuffing"): many accounts from one address
 * bucket, many buckets on one account, the challenge the login answers with, and the person's own
 * browser that never sees it. The two-hub and Redis-down cases are in stuffing-shared.test.ts.
 */

describe('addressBuckets', () => {
  it('counts an IPv4 address in its /24 and an IPv6 address in its /64', () => {
    const addressBucket = (ip: string) => addressBuckets(ip).bucket;
    expect(addressBucket('198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressBucket('::ffff:198.51.100.200')).toBe('198.51.100.0/24');
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:DB8:0:0:ffff::1')).toBe('2001:db8:0:0::/64');
  });

  it('puts an IPv6 address in its /48 site as well, and an IPv4 address in none', () => {
    const addressSite = (ip: string) => addressBuckets(ip).site;
    expect(addressSite('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(addressSite('2001:DB8:0001:ffff::9')).toBe('2001:db8:1::/48');
    expect(addressSite('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(addressSite('::1')).toBe('0:0:0::/48');
    expect(addressSite('198.51.100.7')).toBeUndefined();
    expect(addressSite('::ffff:198.51.100.7')).toBeUndefined();
    expect(addressSite('not an address')).toBeUndefined();
  });
});

const identify = (browser: TestBrowser, account: string, headers: Record<string, string> = {}) =>
  browser.post(authEndpoints.loginIdentify, { platform: 'psl', account }, headers);
const password = (
  browser: TestBrowser,
  flowId: string,
  value: string,
  headers: Record<string, string> = {},
) => browser.post(authEndpoints.loginPassword, { flowId, password: value }, headers);

/** Identifies `count` accounts nobody has from one browser, so its bucket's risk is raised. */
const tryAccounts = async (browser: TestBrowser, prefix: string, count: number) => {
  for (let i = 0; i < count; i += 1) await identify(browser, `${prefix}-${i}@example.ph`);
};

describe.each(testDialects)('credential stuffing on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { env: { SIGN_IN_CHALLENGE: 'on' } });
  const hub = () => ctx.hub;

  it('makes the 11th of 50 accounts tried from one address solve a challenge, and counts none it refuses', async () => {
    const n = ++ctx.n;
    const emails = Array.from({ length: 50 }, (_, i) => `list${n}-${i}@example.ph`);
    for (const email of emails.slice(0, 12)) await seedAccount(hub(), { email });
    const attacker = browserFor(hub(), `198.51.${n}.7`);
    const answers: string[] = [];
    for (const email of emails) {
      const res = await identify(attacker, email);
      answers.push(`${res.statusCode} ${res.json().code ?? res.json().next}`);
      if (res.statusCode === 200) await password(attacker, res.json().flowId, 'Wrong-guess-1');
    }
    expect(answers.slice(0, 10)).toEqual([...Array(10).fill('200 password')]);
    // From the 11th on, every attempt must carry a solved challenge; refused, it counts nowhere …
    expect(answers.slice(10)).toEqual(Array(40).fill('428 challenge.required'));
    // … so the bucket stands at ten accounts, not fifty: the 11th account, solved, gets through, and
    // the 40 refusals moved it nowhere near the strict level (past 30).
    const solved = await solveSignInChallenge(attacker);
    expect((await identify(attacker, emails[10]!, solved.header)).statusCode).toBe(200);
    // Another address of the same /24 counts in the same bucket.
    const neighbour = browserFor(hub(), `198.51.${n}.201`);
    expect((await identify(neighbour, emails[0]!)).json().code).toBe('challenge.required');
  });

  it('makes an account tried from many addresses solve a challenge from the 6th on', async () => {
    const n = ++ctx.n;
    const email = `target${n}@example.ph`;
    await seedAccount(hub(), { email });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await identify(browserFor(hub(), `10.${n}.${i}.9`), email);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(428)]);
    // A fresh account tried from 12 addresses at once: exactly five get through.
    const other = `target${n}-b@example.ph`;
    await seedAccount(hub(), { email: other });
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) => identify(browserFor(hub(), `10.${n}.${100 + i}.9`), other)),
    );
    expect(parallel.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(parallel.filter((res) => res.statusCode === 428)).toHaveLength(7);
    // Thirty more addresses that never solve: refused, counted nowhere. The account stays at five
    // buckets, so a person on a new browser solves one challenge and is not held at the strict level.
    for (let i = 0; i < 30; i += 1)
      expect((await identify(browserFor(hub(), `10.${n}.${150 + i}.9`), email)).statusCode).toBe(428);
    const person = browserFor(hub(), `10.${n}.250.9`);
    expect((await identify(person, email, (await solveSignInChallenge(person)).header)).statusCode).toBe(200);
  });

  it('lets a solved challenge through once, bound to its browser and flow, and refuses the rest', async () => {
    const n = ++ctx.n;
    const email = `solver${n}@example.ph`;
    await seedAccount(hub(), { email });
    const ip = `198.18.${n}.7`;
    const browser = browserFor(hub(), ip);
    await tryAccounts(browser, `noise${n}`, 10);
    expect((await identify(browser, email)).json().code).toBe('challenge.required');

    const solved = await solveSignInChallenge(browser);
    const identified = await identify(browser, email, solved.header);
    expect(identified.statusCode).toBe(200);
    const flowId = identified.json().flowId as string;
    // Replayed: refused, with a catalogue code.
    const replay = await identify(browser, email, solved.header);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ code: 'challenge.invalid' });

    // The password step needs one of its own, for its flow: the account step's does not do.
    expect((await password(browser, flowId, strongPassword)).json().code).toBe('challenge.required');
    const forAccountStep = await solveSignInChallenge(browser);
    expect((await password(browser, flowId, strongPassword, forAccountStep.header)).statusCode).toBe(403);

    // A wrong solution, and one from another browser at the same address.
    const wrong = await solveSignInChallenge(browser, flowId);
    const tampered = { ...wrong.solution, derivedKey: '00'.repeat(32) };
    const wrongHeader = {
      [SIGN_IN_CHALLENGE_HEADER]: Buffer.from(
        JSON.stringify({ challenge: wrong.challenge, solution: tampered }),
      ).toString('base64url'),
    };
    expect((await password(browser, flowId, strongPassword, wrongHeader)).json().code).toBe(
      'challenge.invalid',
    );
    const other = browserFor(hub(), ip);
    const othersSolution = await solveSignInChallenge(other, flowId);
    expect((await password(browser, flowId, strongPassword, othersSolution.header)).json().code).toBe(
      'challenge.invalid',
    );
    expect(
      (await password(browser, flowId, strongPassword, { [SIGN_IN_CHALLENGE_HEADER]: 'x' })).statusCode,
    ).toBe(403);

    // Expired after its 5 minutes.
    const late = await solveSignInChallenge(browser, flowId);
    hub().clock.advance(5 * 60_000 + 1_000);
    expect((await password(browser, flowId, strongPassword, late.header)).json().code).toBe(
      'challenge.invalid',
    );
    hub().clock.advance(-(5 * 60_000 + 1_000));

    const right = await solveSignInChallenge(browser, flowId);
    const done = await password(browser, flowId, strongPassword, right.header);
    expect(done.statusCode).toBe(200);
  });

  it('counts an IPv6 run spread over the /64s of one /48 in its site, which asks for a challenge from the 41st account', async () => {
    const n = ++ctx.n;
    const site = `2001:db8:${n.toString(16)}`;
    // Forty /64s of one site, one account each: no bucket is anywhere near its ten.
    const answers: number[] = [];
    for (let i = 0; i < 40; i += 1)
      answers.push(
        (await identify(browserFor(hub(), `${site}:${i.toString(16)}::7`), `site${n}-${i}@example.ph`))
          .statusCode,
      );
    expect(answers).toEqual(Array(40).fill(404));
    // The 41st, from yet another /64 of the site, must solve a challenge, and gets through solved.
    const next = browserFor(hub(), `${site}:ff::7`);
    expect((await identify(next, `site${n}-40@example.ph`)).json().code).toBe('challenge.required');
    expect(
      (await identify(next, `site${n}-40@example.ph`, (await solveSignInChallenge(next)).header)).statusCode,
    ).toBe(404);
    // Another /48 counts on its own.
    expect(
      (await identify(browserFor(hub(), `2001:db9:${n.toString(16)}:1::7`), `site${n}-0@example.ph`))
        .statusCode,
    ).toBe(404);
  });

  it("never challenges a person's own browser, even while its address and account are attacked", async () => {
    const n = ++ctx.n;
    const email = `owner${n}@example.ph`;
    await seedAccount(hub(), { email });
    const own = browserFor(hub(), `172.16.${n}.5`);
    await signInWith(own, email);
    // The person's office address tries 40 accounts; 25 addresses elsewhere try the person's.
    await tryAccounts(browserFor(hub(), `172.16.${n}.66`), `office${n}`, 40);
    for (let i = 0; i < 25; i += 1) await identify(browserFor(hub(), `100.${n}.${i}.1`), email);
    // A new browser at another address must solve a challenge for the account …
    expect((await identify(browserFor(hub(), `100.${n}.99.1`), email)).statusCode).toBe(428);
    // … and the person's own signs in as always.
    const again = await identify(own, email);
    expect(again.statusCode).toBe(200);
    expect((await password(own, again.json().flowId, strongPassword)).statusCode).toBe(200);
  });

  it('challenges switching option1 too, the other screen that signs in with a password', async () => {
    const n = ++ctx.n;
    const email = `switcher${n}@example.ph`;
    await seedAccount(hub(), { email, platforms: ['psl'] });
    const browser = browserFor(hub(), `198.19.${n}.7`);
    await tryAccounts(browser, `switch-noise${n}`, 10);
    const identifyStep = (headers: Record<string, string> = {}) =>
      browser.post(switchingEndpoints.switchingIdentify, { platform: 'biz', account: email }, headers);
    expect((await identifyStep()).json().code).toBe('challenge.required');
    const identified = await identifyStep((await solveSignInChallenge(browser)).header);
    expect(identified.statusCode).toBe(200);
    const flowId = identified.json().flowId as string;
    const passwordStep = (headers: Record<string, string> = {}) =>
      browser.post(switchingEndpoints.switchingPassword, { flowId, password: strongPassword }, headers);
    expect((await passwordStep()).json().code).toBe('challenge.required');
    expect((await passwordStep((await solveSignInChallenge(browser, flowId)).header)).statusCode).toBe(200);
  });

  it('asks nothing of a normal sign-in', async () => {
    const n = ++ctx.n;
    const email = `normal${n}@example.ph`;
    await seedAccount(hub(), { email });
    const done = await signInWith(browserFor(hub(), `192.0.${n}.44`), email);
    expect(done.statusCode).toBe(200);
  });
});

// The counts and the strict limits live in the throttle store, not the database: one dialect is
// enough for the thirty-one challenges this solves (about 0.3 s of CPU each).
describe('credential stuffing past the strict level', () => {
  const ctx = setUpTestHub('sqlite', { env: { SIGN_IN_CHALLENGE: 'on' } });

  it('lets 10 attempts through in 15 minutes once a bucket has tried more than 30 accounts, each solved', async () => {
    const browser = browserFor(ctx.hub, '198.51.200.7');
    await tryAccounts(browser, 'strict-noise', 10);
    // Thirty accounts more, at once, each with its solved challenge: the 11th to the 30th account
    // need only the challenge, the 31st to the 40th take the stricter limit's 10 attempts.
    const solved = await Promise.all(Array.from({ length: 31 }, () => solveSignInChallenge(browser)));
    const answers = await Promise.all(
      solved.slice(0, 30).map((one, i) => identify(browser, `strict-${i}@example.ph`, one.header)),
    );
    expect(answers.map((res) => res.json().code)).toEqual(Array(30).fill('account.not_found'));
    const past = await identify(browser, 'strict-last@example.ph', solved[30]!.header);
    expect(past.statusCode).toBe(429);
    expect(past.json()).toMatchObject({ code: 'rate_limited' });
    // Fifteen minutes on, the stricter limit lets the bucket's solved attempts through again.
    ctx.hub.clock.advance(15 * 60_000);
    expect(
      (await identify(browser, 'strict-later@example.ph', (await solveSignInChallenge(browser)).header))
        .statusCode,
    ).toBe(404);
  });
});

describe.each(testDialects)('credential stuffing with Redis unreachable on %s', (dialect) => {
  let test: TestHub;
  let dead: Redis;
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    const config = loadConfig({
      ...testHubEnv,
      APP_ENV: 'local',
      LOG_LEVEL: 'silent',
      SIGN_IN_CHALLENGE: 'on',
    });
    const clock = createTestClock();
    // Nothing listens on port 1: every command fails at once, as in an outage.
    dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1_000,
    });
    dead.on('error', () => {});
    const throttle = createThrottle({ now: clock.now, redis: dead });
    const built = await buildApp({ config, database, now: clock.now, logger: false, throttle });
    await built.app.ready();
    test = {
      ...built,
      database,
      config,
      clock,
      close: async () => {
        await built.app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await test?.close();
    dead?.disconnect();
  });

  it('counts in this process instead (documented), still demands the challenge and refuses a replay', async () => {
    const email = 'outage@example.ph';
    await seedAccount(test, { email });
    const browser = browserFor(test, '203.0.113.50');
    await tryAccounts(browser, 'outage-noise', 10);
    expect((await identify(browser, email)).statusCode).toBe(428);
    const solved = await solveSignInChallenge(browser);
    expect((await identify(browser, email, solved.header)).statusCode).toBe(200);
    expect((await identify(browser, email, solved.header)).statusCode).toBe(403);
  });
});
