import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedEmailAccount } from '../apps/server/src/flows/new-account.js';
import { hashPassword } from '../apps/server/src/services/passwords.js';
import { throttleRules } from '../apps/server/src/services/throttle.js';
import { registerTool } from '../apps/server/src/sso/credentials.js';
import { createAccountQueries } from '../apps/server/src/storage/accounts.js';
import { openDatabase } from '../apps/server/src/storage/database.js';
import { migrateToLatest } from '../apps/server/src/storage/migrate.js';
import { createToolQueries } from '../apps/server/src/storage/tools.js';
import { createTestDatabaseUrl } from '../apps/server/src/test-support/database-url.js';
import { postgresAndRedisReachable, testRedisUrl } from '../apps/server/src/test-support/redis.js';
import { extractCode, type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { type HubProcess, startHubProcess } from './support/hub-process.js';
import { childrenOf } from './support/process.js';

/**
 * docs/operations.md "The production shape": two real hub processes (the built server) behind one public origin, on
 * one PostgreSQL database and one Redis, as a load balancer would run them. Every step of a
 * journey may land on either process, and a process may die in the middle of one.
 */

const redisUrl = testRedisUrl;
const canRun = await postgresAndRedisReachable();

/** The load balancer's address: the origin every page and cookie belongs to, whichever process answers. */
const PUBLIC_URL = 'https://id.example.com';
const TOOL = { tid: 4242, key: 'SCALE_OUT_RQX', callback: 'https://tool.example.com/sso/account/auth' };
const PASSWORD = 'Maria-Clara-1887';
const run = randomBytes(4).toString('hex');
/** This run's own keys in the shared Redis, removed afterwards. */
const redisKeyPrefix = `hub-scale-out-${run}:`;
/** A client address of its own per test (the processes trust X-Forwarded-For, as behind a proxy). */
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser: one cookie jar and one client address, whichever process its requests reach. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly ip = newIp()) {}

  async send(hub: HubProcess, method: 'GET' | 'POST', path: string, body?: unknown, headers = {}) {
    const res = await fetch(`${hub.url}${path}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': this.ip,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
  }

  post(hub: HubProcess, path: string, body: unknown, headers = {}) {
    return this.send(hub, 'POST', path, body, headers);
  }
}

describe.skipIf(!canRun)('two hub processes on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let sink: SmtpSink;
  let credential: string;
  let a: HubProcess;
  let b: HubProcess;
  const accounts = {
    w: `w-${run}@example.com`,
    x: `x-${run}@example.com`,
    y: `y-${run}@example.com`,
    z: `z-${run}@example.com`,
  };

  beforeAll(async () => {
    [database, sink] = await Promise.all([createTestDatabaseUrl('postgres'), startSmtpSink()]);
    credential = await seed(database.url, Object.values(accounts));
    const env = {
      APP_ENV: 'production',
      PUBLIC_URL,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Account Hub <no-reply@hub.example.com>',
      PSL_URL: 'https://psl.example.com',
      BIZ_URL: 'https://biz.example.com',
      TRUST_PROXY: '1',
      REDIS_KEY_PREFIX: redisKeyPrefix,
      // Both processes must share it: either may open a signing key the other made.
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    [a, b] = await Promise.all([startHubProcess(env), startHubProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.stop();
    await database?.drop();
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${redisKeyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  /** /sso/rqx for the test tool: the tool session a sign-in carries as its `from` context. */
  const toolContext = async (browser: Browser, hub: HubProcess, authType: 'login' | 'registration') => {
    const rqx = await browser.post(hub, '/api/sso/rqx', {
      from: TOOL.key,
      callback: 'production',
      platform: 'personal',
      auth_type: authType,
    });
    expect(rqx.status).toBe(200);
    const from = new URL(String(rqx.body.location), PUBLIC_URL).searchParams.get('from');
    expect(from).toBeTruthy();
    return { from: from! };
  };

  const ainfoOf = (location: unknown) => {
    const url = new URL(String(location));
    expect(`${url.origin}${url.pathname}`).toBe(TOOL.callback);
    return url.searchParams.get('ainfo')!;
  };

  const redeem = (hub: HubProcess, ainfo: string) =>
    new Browser().post(hub, '/api/tools/ainfo/redeem', { ainfo }, { authorization: `Bearer ${credential}` });

  /** Sign-up step 1 on `hub`; resolves with the flow and the code read from the mail that was sent. */
  const requestSignupCode = async (browser: Browser, hub: HubProcess, email: string) => {
    const context = await toolContext(browser, hub, 'registration');
    const before = sink.messages.length;
    const start = await browser.post(hub, '/api/signup/start', { platform: 'psl', account: email, context });
    expect(start.status).toBe(200);
    expect(start.body.next).toBe('code');
    const code = extractCode(await sink.waitFor(email, { after: before, timeoutMs: 15_000 }));
    return { flowId: String(start.body.flowId), code };
  };

  /** Login step 1 and the password step, both on `hub`; resolves with the password step's answer. */
  const logIn = async (browser: Browser, hub: HubProcess, account: string) => {
    const identified = await browser.post(hub, '/api/login/identify', { platform: 'psl', account });
    expect(identified.status).toBe(200);
    return browser.post(hub, '/api/login/password', { flowId: identified.body.flowId, password: PASSWORD });
  };

  it('verifies through B a code requested through A', async () => {
    const browser = new Browser();
    const email = `signup-${run}@example.com`;
    const { flowId, code } = await requestSignupCode(browser, a, email);

    const verified = await browser.post(b, '/api/signup/verify', { flowId, code });
    expect(verified.status).toBe(200);
    expect(verified.body.next).toBe('redirect');
    // The code was taken once, for every process: A does not accept it again.
    const again = await browser.post(a, '/api/signup/verify', { flowId, code });
    expect(again.status).toBeGreaterThanOrEqual(400);

    const finalized = await browser.post(a, '/api/signup/finalize', { flowId, password: PASSWORD });
    expect(finalized.status).toBe(200);
    const account = await redeem(b, ainfoOf(finalized.body.location));
    expect(account.status).toBe(200);
    expect((account.body.account as { email: string }).email).toBe(email);
  });

  it('refuses on A an ainfo that a tool redeemed on B', async () => {
    const browser = new Browser();
    const context = await toolContext(browser, a, 'login');
    const identified = await browser.post(b, '/api/login/identify', {
      platform: 'psl',
      account: accounts.z,
      context,
    });
    expect(identified.status).toBe(200);
    const login = await browser.post(a, '/api/login/password', {
      flowId: identified.body.flowId,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const ainfo = ainfoOf(login.body.location);

    const first = await redeem(b, ainfo);
    expect(first.status).toBe(200);
    expect((first.body.account as { email: string }).email).toBe(accounts.z);
    const second = await redeem(a, ainfo);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('token.redeemed');
  });

  it('holds on B the password throttles counted on A', async () => {
    const rule = throttleRules.passwordPerIp;
    await awayFromWindowEdge(rule.windowMs / 1000);
    const attacker = new Browser();
    const identified = await attacker.post(a, '/api/login/identify', {
      platform: 'psl',
      account: accounts.x,
    });
    expect(identified.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < rule.points; i += 1) {
      const res = await attacker.post(a, '/api/login/password', {
        flowId: identified.body.flowId,
        password: `wrong-${i}`,
      });
      statuses.push(res.status);
    }
    // Ten free failures, then the account waits (docs/security.md "Throttles"); every try counted per IP.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));

    // The account's delay lives in the database: B refuses even the right password, from anywhere.
    const ownerTry = await logIn(new Browser(), b, accounts.x);
    expect(ownerTry.status).toBe(429);
    expect(ownerTry.body.code).toBe('rate_limited');

    // The client's limit lives in Redis: B refuses the attacker's address for another account too…
    const blocked = await logIn(attacker, b, accounts.y);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    const redis = new Redis(redisUrl);
    try {
      // Under this deployment's prefix, keyed by a hash: the address is not in the key.
      const keys = await redis.keys(`${redisKeyPrefix}${rule.name}:*`);
      expect(keys.some((key) => key.includes(attacker.ip))).toBe(false);
      const counts = await Promise.all(keys.map((key) => redis.get(key)));
      expect(Math.max(...counts.map(Number))).toBeGreaterThan(rule.points);
    } finally {
      redis.disconnect();
    }

    // …while another address signs in to that account on B at once.
    expect((await logIn(new Browser(), b, accounts.y)).status).toBe(200);
  });

  it('checks 10 of 40 parallel wrong passwords sent to A and B from 40 addresses; the owner waits 30 s at most', async () => {
    const guessers = Array.from({ length: 40 }, () => new Browser());
    const flows = await Promise.all(
      guessers.map((browser, i) =>
        browser.post(i % 2 ? a : b, '/api/login/identify', { platform: 'psl', account: accounts.w }),
      ),
    );
    const answers = await Promise.all(
      guessers.map((browser, i) =>
        browser.post(i % 2 ? b : a, '/api/login/password', {
          flowId: flows[i]!.body.flowId,
          password: `wrong-${i}`,
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    // The wait is the first delay, not one grown by every guess of the burst.
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.retryAfter).toBeGreaterThan(0);
      expect(res.body.retryAfter).toBeLessThanOrEqual(30);
    }
    const owner = await logIn(new Browser(), a, accounts.w);
    expect(owner.status).toBe(429);
    expect(owner.body.retryAfter).toBeLessThanOrEqual(30);
  });

  it('loses nothing of a sign-up when A dies in the middle of it: B finishes it', async () => {
    const browser = new Browser();
    const email = `crash-${run}@example.com`;
    const { flowId, code } = await requestSignupCode(browser, a, email);
    await a.kill();
    expect(
      await fetch(`${a.url}/healthz`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');

    const verified = await browser.post(b, '/api/signup/verify', { flowId, code });
    expect(verified.status).toBe(200);
    const finalized = await browser.post(b, '/api/signup/finalize', { flowId, password: PASSWORD });
    expect(finalized.status).toBe(200);
    const account = await redeem(b, ainfoOf(finalized.body.location));
    expect((account.body.account as { email: string }).email).toBe(email);

    // The new account signs in on B with the password set there.
    expect((await logIn(new Browser(), b, email)).status).toBe(200);
  });
});

/** Migrates the empty database and registers the test tool and the accounts; returns the tool's credential. */
const seed = async (url: string, emails: string[]) => {
  const database = openDatabase(url, { poolSize: 2 });
  try {
    await migrateToLatest(database);
    const now = Date.now();
    const tools = createToolQueries(database.db);
    const credential = await registerTool(tools, { tid: TOOL.tid, name: 'Scale-out Tool', type: 1 }, now);
    await tools.addKey(TOOL.tid, TOOL.key, now);
    await tools.setCallback({
      tid: TOOL.tid,
      env: 'production',
      name: 'auth',
      url: TOOL.callback,
      position: 0,
    });
    const queries = createAccountQueries(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    for (const email of emails) {
      await database.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await queries.insert(
          trx,
          verifiedEmailAccount({ id, email, passwordHash, platform: 'psl', uType: 1, now }),
        );
        await queries.addMembership(trx, id, 'psl', true, now);
      });
    }
    return credential;
  } finally {
    await database.close();
  }
};

/** Counters live in fixed windows: start a count well inside one, so it does not straddle two. */
const awayFromWindowEdge = async (windowSeconds: number) => {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
};

const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * One look-up on a connection of its own, so that the primary may hand it to any worker; from
 * `forwardedFor` when given (the hub trusts one proxy).
 */
const lookUpOnNewConnection = (
  url: string,
  origin: string,
  account = 'nobody@example.com',
  forwardedFor?: string,
) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ platform: 'psl', account });
    const req = request(`${url}/api/login/identify`, {
      method: 'POST',
      agent: false,
      headers: {
        origin,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });

describe('HUB_WORKERS: one hub process per core on one port', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let hub: HubProcess;
  const listening = () => hub.logs().split('Account Hub is listening').length - 1;

  beforeAll(async () => {
    database = await createTestDatabaseUrl('sqlite');
    hub = await startHubProcess({
      PUBLIC_URL,
      DATABASE_URL: database.url,
      HUB_WORKERS: '2',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      SIGN_IN_CHALLENGE: 'on',
    });
    await waitFor(() => listening() === 2, 'both workers to listen');
  });
  afterAll(async () => {
    await hub?.stop();
    await database?.drop();
  });

  it('serves from two workers that share one throttle count per client', async () => {
    expect(childrenOf(hub.pid)).toHaveLength(2);
    const limit = throttleRules.lookupPerIp.points;
    await awayFromWindowEdge(throttleRules.lookupPerIp.windowMs / 1000);
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) statuses.push(await lookUpOnNewConnection(hub.url, PUBLIC_URL));
    // Spread over both workers, the look-ups still meet one limit: the primary holds the count.
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(404));
    expect(statuses[limit]).toBe(429);
  });

  it('counts the accounts one address bucket tries through both workers as one, and no refused one', async () => {
    const tries = (from: number, to: number, address: (i: number) => string) =>
      Promise.all(
        Array.from({ length: to - from }, (_, i) =>
          lookUpOnNewConnection(hub.url, PUBLIC_URL, `spray-${from + i}@example.com`, address(from + i)),
        ),
      );
    // Ten accounts from one /24, in parallel over both workers: the primary counts them as one bucket.
    expect(await tries(0, 10, (i) => `198.51.100.${i + 1}`)).toEqual(Array(10).fill(404));
    // From the 11th on a challenge is asked for; forty more without one are refused and noted nowhere.
    expect(await tries(10, 50, (i) => `198.51.100.${i + 1}`)).toEqual(Array(40).fill(428));
    // The bucket stands at ten: an account it tried before needs no challenge; a new one still does.
    expect(await lookUpOnNewConnection(hub.url, PUBLIC_URL, 'spray-0@example.com', '198.51.100.99')).toBe(
      404,
    );
    expect(await lookUpOnNewConnection(hub.url, PUBLIC_URL, 'spray-99@example.com', '198.51.100.99')).toBe(
      428,
    );
  });

  it('counts an IPv6 run over the /64s of one /48 through both workers in one site', async () => {
    // Forty /64s of one /48, one account each, in parallel over both workers: no /64 is near its ten.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lookUpOnNewConnection(
          hub.url,
          PUBLIC_URL,
          `site-${i}@example.com`,
          `2001:db8:48:${i.toString(16)}::1`,
        ),
      ),
    );
    expect(statuses).toEqual(Array(40).fill(404));
    // The primary holds the site's count: the 41st account, from yet another /64, needs a challenge.
    expect(await lookUpOnNewConnection(hub.url, PUBLIC_URL, 'site-40@example.com', '2001:db8:48:ff::1')).toBe(
      428,
    );
  });

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const [victim] = childrenOf(hub.pid);
    process.kill(victim!, 'SIGKILL');
    await waitFor(() => listening() === 3, 'a replacement worker to listen');
    const workers = childrenOf(hub.pid);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);

    expect(await hub.stop()).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
