import { availableParallelism } from 'node:os';
import { authEndpoints, switchingEndpoints } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { throttleRules } from '../services/throttle.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub, type TestHub } from '../test-support/app.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { FREE_PASSWORD_FAILURES, passwordDelayMs } from './login/flow.js';

/** The load balancer in front of the hub: every request reaches the hub from this address. */
const BALANCER = '10.0.0.1';

/** A browser behind the load balancer, which appends the client's address to X-Forwarded-For. */
const clientAt = (hub: TestHub, clientIp: string) => {
  const browser = browserFor(hub, BALANCER);
  return (url: string, body: unknown) => browser.post(url, body, { 'x-forwarded-for': clientIp });
};
type Client = ReturnType<typeof clientAt>;

/** The password step of a login (on the account's platform) or of switching option1 (on the other). */
const passwordStep = async (client: Client, account: string, via: 'login' | 'switching') => {
  const identify = via === 'login' ? authEndpoints.loginIdentify : switchingEndpoints.switchingIdentify;
  const started = await client(identify, { platform: via === 'login' ? 'psl' : 'biz', account });
  expect(started.statusCode, started.body).toBe(200);
  const flowId = started.json().flowId as string;
  const endpoint = via === 'login' ? authEndpoints.loginPassword : switchingEndpoints.switchingPassword;
  return (password: string) => client(endpoint, { flowId, password });
};

const tally = (responses: LightMyRequestResponse[]) => {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = `${res.statusCode} ${res.json().code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

const failuresAudited = (hub: TestHub, accountId: string) =>
  hub.database.db
    .selectFrom('audit_events')
    .select(['event', 'ip'])
    .where('account_id', '=', accountId)
    .where('outcome', '=', 'failure')
    .execute();

describe.each(testDialects)('password limits under parallel guesses on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, env: { TRUST_PROXY: '1' } });

  it('checks 10 of 90 parallel wrong passwords from 90 addresses and two flows; the owner waits 30 s', async () => {
    const email = `burst${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email, platforms: ['psl'] });
    const steps = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        passwordStep(clientAt(ctx.hub, `198.51.${ctx.n}.${i + 1}`), email, i % 2 ? 'login' : 'switching'),
      ),
    );
    const answers = await Promise.all(steps.map((guess, i) => guess(`Wrong-guess-${i}`)));

    expect(tally(answers)).toEqual({ '401 password.incorrect': 10, '429 rate_limited': 80 });
    for (const res of answers.filter((r) => r.statusCode === 429)) expect(res.json().retryAfter).toBe(30);
    // Ten compares ran, each audited with the client's own address.
    const audited = await failuresAudited(ctx.hub, id);
    expect(audited).toHaveLength(FREE_PASSWORD_FAILURES);
    expect(audited.every((row) => row.ip?.startsWith(`198.51.${ctx.n}.`))).toBe(true);

    // The owner, from anywhere, waits the documented 30 s, not an hour, and then signs in.
    const owner = await passwordStep(clientAt(ctx.hub, '203.0.113.50'), email, 'login');
    const early = await owner(strongPassword);
    expect(early.statusCode).toBe(429);
    expect(early.json().retryAfter).toBe(30);
    ctx.hub.clock.advance(30_000);
    expect((await owner(strongPassword)).statusCode).toBe(200);
    expect(await ctx.hub.hub.accounts.findById(id)).toMatchObject({
      failed_password_count: 0,
      password_blocked_until: null,
    });
  });

  // A process hashes at most one password per core plus one at a time (services/passwords.ts), and a
  // check reserves its attempt only once it has that turn: fewer turns than free failures, and right
  // passwords sent at once are never taken for a burst of guesses.
  it.runIf(availableParallelism() + 1 < FREE_PASSWORD_FAILURES)(
    'lets twice the free failures of parallel logins with the right password all in',
    async () => {
      const email = `parallel${ctx.n}@example.ph`;
      const id = await seedAccount(ctx.hub, { email, platforms: ['psl'] });
      const steps = await Promise.all(
        Array.from({ length: 2 * FREE_PASSWORD_FAILURES }, (_, i) =>
          passwordStep(clientAt(ctx.hub, `198.18.${ctx.n}.${i + 1}`), email, 'login'),
        ),
      );
      const answers = await Promise.all(steps.map((login) => login(strongPassword)));
      expect(tally(answers)).toEqual({ [`200 ${undefined}`]: 2 * FREE_PASSWORD_FAILURES });
      expect(await ctx.hub.hub.accounts.findById(id)).toMatchObject({
        failed_password_count: 0,
        password_blocked_until: null,
      });
    },
  );

  it('after the free failures, checks one of a burst per delay, and the delay grows from there', async () => {
    const email = `later${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    const first = await passwordStep(clientAt(ctx.hub, '198.51.100.1'), email, 'login');
    for (let i = 0; i < FREE_PASSWORD_FAILURES; i++) expect((await first(`Wrong-${i}`)).statusCode).toBe(401);
    ctx.hub.clock.advance(30_000);
    const steps = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        passwordStep(clientAt(ctx.hub, `198.51.101.${i + 1}`), email, 'login'),
      ),
    );
    const answers = await Promise.all(steps.map((guess, i) => guess(`Wrong-again-${i}`)));
    expect(tally(answers)).toEqual({ '401 password.incorrect': 1, '429 rate_limited': 19 });
    expect((await first(strongPassword)).json().retryAfter).toBe(60);
  });

  it('lets the owner in after the first delay when the processes that took the attempts died mid-check', async () => {
    const email = `crash${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    // Ten attempts reserved, none settled: what ten processes killed while hashing leave behind.
    for (let i = 0; i < FREE_PASSWORD_FAILURES; i++) {
      expect(
        await ctx.hub.hub.accounts.reservePasswordAttempt(id, ctx.hub.clock.now(), passwordDelayMs),
      ).toBeDefined();
    }
    const owner = await passwordStep(clientAt(ctx.hub, '203.0.113.51'), email, 'login');
    expect((await owner(strongPassword)).json()).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
    ctx.hub.clock.advance(30_000);
    expect((await owner(strongPassword)).statusCode).toBe(200);
  });

  // The reservation is compiled once and run with each request's time (storage/accounts.ts): every
  // count of the schedule, to its cap, must still block for the delay it earns from that time.
  it('blocks each reserved attempt past the free ones for its delay from that moment, up to the cap', async () => {
    const email = `schedule${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const { accounts } = ctx.hub.hub;
    let at = ctx.hub.clock.now();
    let capped = 0;
    for (let count = 1; capped < 2; count += 1) {
      const row = await accounts.reservePasswordAttempt(id, at, passwordDelayMs);
      const delay = passwordDelayMs(count);
      expect(row).toMatchObject({
        failed_password_count: count,
        password_blocked_until: delay ? at + delay : null,
      });
      // Blocked until then; the moment it ends, the next attempt is taken.
      if (delay)
        expect(await accounts.reservePasswordAttempt(id, at + delay - 1, passwordDelayMs)).toBeUndefined();
      if (delay > 0 && delay === passwordDelayMs(count + 1)) capped += 1;
      at += delay + 1_000;
    }
  });

  it('holds the per-IP limit of password checks under a parallel burst over many accounts', async () => {
    const rule = throttleRules.passwordPerIp;
    const attacker = `192.0.2.${ctx.n}`;
    const accounts = 12;
    const emails = Array.from({ length: accounts }, (_, i) => `ip${ctx.n}-${i}@example.ph`);
    await Promise.all(emails.map((email) => seedAccount(ctx.hub, { email })));
    // One browser per account (a flow is bound to its browser), all at the attacker's address.
    const steps = await Promise.all(
      emails.map((email) => passwordStep(clientAt(ctx.hub, attacker), email, 'login')),
    );
    // Ten guesses per account, all free on the account: only the client's limit can refuse them.
    const guesses = steps.flatMap((guess) => Array.from({ length: 10 }, (_, i) => () => guess(`Wrong-${i}`)));
    const answers = await Promise.all(guesses.map((guess) => guess()));
    expect(tally(answers)).toEqual({
      '401 password.incorrect': rule.points,
      '429 rate_limited': accounts * 10 - rule.points,
    });
  });

  it('counts an IPv6 client by its /64: 90 parallel look-ups from 90 of its addresses through three screens pass 60', async () => {
    const rule = throttleRules.lookupPerIp;
    const email = `v6-${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email, platforms: ['psl'] });
    const at = (prefix: string, i: number) =>
      `2001:db8:${ctx.n.toString(16)}:${prefix}::${(i + 1).toString(16)}`;
    // Login, switching (option 1 from the other platform) and sign-up all take the look-up limit.
    const lookUp = (ip: string, i: number) => {
      const client = clientAt(ctx.hub, ip);
      if (i % 3 === 0) return client(authEndpoints.loginIdentify, { platform: 'psl', account: email });
      if (i % 3 === 1)
        return client(switchingEndpoints.switchingIdentify, { platform: 'biz', account: email });
      return client(authEndpoints.signupStart, { platform: 'psl', account: email });
    };
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => lookUp(at('a', i), i)));
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(90 - rule.points);
    for (const res of refused) expect(res.json().code).toBe('rate_limited');
    // The same /64 written another way (leading zeros, an IPv4-style tail) is the same client.
    const sameClient = await lookUp(`2001:0db8:${ctx.n.toString(16).padStart(4, '0')}:000a:0:0:0.0.1.1`, 0);
    expect(sameClient.statusCode).toBe(429);
    // The next /64 is another client, and so is every IPv4 address, however close.
    expect((await lookUp(at('b', 0), 0)).statusCode).toBe(200);
    expect((await lookUp(`198.18.${ctx.n}.1`, 0)).statusCode).toBe(200);
    expect((await lookUp(`::ffff:198.18.${ctx.n}.2`, 0)).statusCode).toBe(200);
  });

  it('takes the client address the load balancer appended, not one the client wrote before it', async () => {
    const email = `spoof${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const browser = browserFor(ctx.hub, BALANCER);
    const spoofed = { 'x-forwarded-for': '198.51.100.23, 203.0.113.7' };
    const started = await browser.post(
      authEndpoints.loginIdentify,
      { platform: 'psl', account: email },
      spoofed,
    );
    const flowId = started.json().flowId;
    expect(
      (await browser.post(authEndpoints.loginPassword, { flowId, password: 'Wrong-1' }, spoofed)).statusCode,
    ).toBe(401);
    expect(await failuresAudited(ctx.hub, id)).toEqual([{ event: 'login.failure', ip: '203.0.113.7' }]);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const ctx = setUpTestHub('sqlite', { env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });

  it('skips the trusted proxies from the right and stops at the first other address', async () => {
    const email = `list${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const browser = browserFor(ctx.hub, BALANCER);
    const chain = { 'x-forwarded-for': '198.51.100.23, 203.0.113.9, 10.1.2.3' };
    const started = await browser.post(
      authEndpoints.loginIdentify,
      { platform: 'psl', account: email },
      chain,
    );
    await browser.post(
      authEndpoints.loginPassword,
      { flowId: started.json().flowId, password: 'Wrong-1' },
      chain,
    );
    expect(await failuresAudited(ctx.hub, id)).toEqual([{ event: 'login.failure', ip: '203.0.113.9' }]);
  });
});
