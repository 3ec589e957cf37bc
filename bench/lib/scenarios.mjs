// The benchmark's scenarios (docs/performance.md), each as the requests a browser or a tool really sends: same Origin,
// the flow-binding cookie, JSON bodies, single-use flows and tokens made beforehand.
import { createHash, randomBytes } from 'node:crypto';
import { measureRawArgon2 } from './argon2-raw.mjs';
import { runLoginComparison } from './compare.mjs';
import { describeFlood, runFlood } from './flood.mjs';
import { runScenario, supply } from './load.mjs';
import {
  accountEmail,
  BENCH_DEVICE_COOKIE,
  BENCH_PASSWORD,
  BENCH_REDIRECT_URI,
  issueToolTokens,
  registerBenchClient,
} from './setup.mjs';

const CONNECTIONS = 50;

const browserHeaders = (hub, cookie) => ({
  'content-type': 'application/json',
  origin: hub.origin,
  cookie: `__Host-hub_fb=${cookie}; ${BENCH_DEVICE_COOKIE}`,
  'user-agent': 'hub-bench',
});

/** `count` login flows at the password step (login step 1 through the API), bound to `cookie`. */
const createLoginFlows = async (hub, cookie, accounts, count) => {
  const flows = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${hub.url}/api/login/identify`, {
        method: 'POST',
        headers: browserHeaders(hub, cookie),
        body: JSON.stringify({ platform: 'psl', account: accountEmail(i % accounts) }),
      });
      const body = await res.json();
      if (!res.ok || body.next !== 'password')
        throw new Error(`identify answered ${res.status} ${JSON.stringify(body)}`);
      flows.push(body.flowId);
    }
  };
  await Promise.all(Array.from({ length: 32 }, lane));
  return flows;
};

/** One request through fetch before the load, so that a scenario measures the answer it means to. */
const expectOnce = async (hub, { method = 'GET', path, headers, body }, check) => {
  const res = await fetch(`${hub.url}${path}`, { method, headers, body });
  const text = await res.text();
  if (!check(res, text)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
};

const singleUse = (values, build) => {
  const source = supply(values);
  return {
    source,
    setupRequest: (req) => {
      req.body = build(source.take());
      return req;
    },
  };
};

/** A cookie jar of name=value pairs, enough for the hub's own cookies over loopback. */
const cookieJar = () => {
  const cookies = new Map();
  return {
    keep: (res) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
};

/**
 * `count` refresh tokens of the bench client, each from its own grant, made the way a relying party
 * gets them: one password login through the API (a hub session), then for each an authorization
 * request answered from that session (redirects followed until the client's redirect URI), and the
 * code redeemed at the token endpoint with PKCE and the client's secret.
 */
const createRefreshTokens = async (hub, clientId, secret, count) => {
  const jar = cookieJar();
  const fb = randomBytes(32).toString('base64url');
  const post = async (path, body) => {
    const res = await fetch(`${hub.url}${path}`, {
      method: 'POST',
      headers: { ...browserHeaders(hub, fb), cookie: `__Host-hub_fb=${fb}; ${jar.header()}` },
      body: JSON.stringify(body),
    });
    jar.keep(res);
    const json = await res.json();
    if (!res.ok) throw new Error(`${path} answered ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { flowId } = await post('/api/login/identify', { platform: 'psl', account: accountEmail(0) });
  await post('/api/login/password', { flowId, password: BENCH_PASSWORD });

  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const one = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    let location = `/oidc/auth?${new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: BENCH_REDIRECT_URI,
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
    })}`;
    // The hub's own redirects (its PUBLIC_URL is https, it listens on http) until the client's.
    for (let hops = 0; !location.startsWith(BENCH_REDIRECT_URI); hops += 1) {
      if (hops > 5) throw new Error(`the authorization request did not come back: ${location}`);
      const url = new URL(location, hub.publicUrl);
      const res = await fetch(`${hub.url}${url.pathname}${url.search}`, {
        redirect: 'manual',
        headers: { cookie: jar.header(), 'user-agent': 'hub-bench' },
      });
      jar.keep(res);
      location = res.headers.get('location') ?? '';
      if (!location) throw new Error(`${url.pathname} answered ${res.status} without a redirect`);
    }
    const code = new URL(location).searchParams.get('code');
    if (!code) throw new Error(`the client got no code: ${location}`);
    const res = await fetch(`${hub.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: BENCH_REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const body = await res.json();
    if (!res.ok || !body.refresh_token)
      throw new Error(`the code exchange answered ${res.status} ${JSON.stringify(body)}`);
    return body.refresh_token;
  };
  const tokens = [];
  const lane = async () => {
    while (tokens.length < count) tokens.push(await one());
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return { tokens: tokens.slice(0, count), basic };
};

export const scenarios = [
  // Side by side with better-auth and the raw hash, in alternating rounds (bench/lib/compare.mjs).
  { id: 'compare', run: (ctx) => runLoginComparison(ctx), describe: (r) => formatComparisonLine(r) },
  // A hub of its own under a flood with its real limits (bench/lib/flood.mjs); only when named.
  {
    id: 'flood',
    namedOnly: true,
    run: (ctx) => runFlood(ctx),
    describe: (r) => `${r.label}: ${describeFlood(r)}`,
  },
  {
    id: 'lookup',
    label: '1. account look-up (login step 1)',
    async prepare(ctx) {
      const cookie = randomBytes(32).toString('base64url');
      const headers = browserHeaders(ctx.hub, cookie);
      let i = 0;
      const body = () => JSON.stringify({ platform: 'psl', account: accountEmail(i++ % ctx.accounts) });
      await expectOnce(
        ctx.hub,
        { method: 'POST', path: '/api/login/identify', headers, body: body() },
        (res, text) => res.ok && JSON.parse(text).next === 'password',
      );
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/api/login/identify',
          headers,
          setupRequest: (req) => {
            req.body = body();
            return req;
          },
        },
      };
    },
  },
  {
    // What an attacker can make the hub spend on challenges: one PBKDF2 of 500 iterations and two
    // HMACs per challenge handed out. Checking a solution costs two HMACs, far less; it is not
    // driven here, as each solution is good once. See docs/security.md "Credential stuffing".
    id: 'challenge',
    label: '1b. proof-of-work challenge handed out',
    async prepare(ctx) {
      const cookie = randomBytes(32).toString('base64url');
      const headers = browserHeaders(ctx.hub, cookie);
      await expectOnce(
        ctx.hub,
        { method: 'POST', path: '/api/sign-in/challenge', headers, body: '{}' },
        (res, text) => res.ok && typeof JSON.parse(text).signature === 'string',
      );
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/api/sign-in/challenge',
          headers,
          body: '{}',
        },
      };
    },
  },
  {
    id: 'login',
    label: '2. password login (step 2)',
    async prepare(ctx) {
      // The ceiling: the same Argon2id verification alone on the same cores, measured just before
      // the login run and again just after it. A shared machine's speed drifts by a fifth from one
      // minute to the next (docs/performance.md), so the login is compared with the mean of the two.
      const rawTiming = { warmupSeconds: Math.min(2, ctx.timing.warmupSeconds), seconds: ctx.timing.seconds };
      const before = await measureRawArgon2(rawTiming);
      const cookie = randomBytes(32).toString('base64url');
      const headers = browserHeaders(ctx.hub, cookie);
      // Three times what the raw rate allows: running dry would show as errors, never as speed.
      const needed =
        Math.ceil(before.perSecond * 3 * (ctx.timing.warmupSeconds + ctx.timing.seconds)) + 4 * CONNECTIONS;
      const flows = await createLoginFlows(ctx.hub, cookie, ctx.accounts, needed + 1);
      await expectOnce(
        ctx.hub,
        {
          method: 'POST',
          path: '/api/login/password',
          headers,
          body: JSON.stringify({ flowId: flows.pop(), password: BENCH_PASSWORD }),
        },
        (res, text) => res.ok && JSON.parse(text).next === 'redirect',
      );
      const { source, setupRequest } = singleUse(flows, (flowId) =>
        JSON.stringify({ flowId, password: BENCH_PASSWORD }),
      );
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/api/login/password',
          headers,
          setupRequest,
        },
        finish: async (result) => {
          await ctx.hub.settle();
          const after = await measureRawArgon2(rawTiming);
          const rawPerSecond = (before.perSecond + after.perSecond) / 2;
          const rawCpuMs = (before.cpuMsPerVerification + after.cpuMsPerVerification) / 2;
          return {
            ...result,
            rawArgon2PerSecond: rawPerSecond,
            rawArgon2PerSecondBefore: before.perSecond,
            rawArgon2PerSecondAfter: after.perSecond,
            ratioToRaw: result.requestsPerSecond / rawPerSecond,
            // The same comparison in CPU time, which other work on the machine moves less.
            rawArgon2CpuMs: rawCpuMs,
            cpuRatioToRaw: rawCpuMs / result.cpuMsPerRequest,
            supplyExhausted: source.exhausted,
            errors: result.errors + (source.exhausted ? 1 : 0),
          };
        },
      };
    },
  },
  {
    id: 'jwks',
    label: '3a. JWKS (what tools verify ainfo with)',
    async prepare(ctx) {
      await expectOnce(
        ctx.hub,
        { path: '/.well-known/jwks.json' },
        (res, text) => res.ok && JSON.parse(text).keys.length > 0,
      );
      return { spec: { connections: CONNECTIONS, path: '/.well-known/jwks.json' } };
    },
  },
  {
    id: 'redeem',
    label: '3b. ainfo redeem by a tool',
    async prepare(ctx) {
      // Tokens live 120 s: those of the warm-up are issued now, those of the run once the warm-up
      // has shown the rate (the run goes faster than its warm-up: two and a half times as many).
      const issue = async (count) => {
        const started = Date.now();
        const tokens = await issueToolTokens(ctx.database.url, {
          issuer: ctx.hub.publicUrl,
          accountIds: ctx.accountIds,
          count,
        });
        ctx.log(`  issued ${tokens.length} ainfo tokens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return tokens;
      };
      const tokens = await issue(
        Math.ceil(3 * ctx.expected.redeemPerSecond * ctx.timing.warmupSeconds) + 4 * CONNECTIONS + 1,
      );
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${ctx.credential}` };
      await expectOnce(
        ctx.hub,
        {
          method: 'POST',
          path: '/api/tools/ainfo/redeem',
          headers,
          body: JSON.stringify({ ainfo: tokens.pop() }),
        },
        (res, text) => res.ok && typeof JSON.parse(text).account?.aid === 'string',
      );
      const { source, setupRequest } = singleUse(tokens, (ainfo) => JSON.stringify({ ainfo }));
      let warmupExhausted = false;
      const afterWarmup = async (warmup) => {
        warmupExhausted = source.exhausted;
        const rate = Math.max(warmup.requests / warmup.seconds, ctx.expected.redeemPerSecond);
        source.refill(await issue(Math.ceil(rate * 2.5 * ctx.timing.seconds) + 4 * CONNECTIONS));
      };
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/api/tools/ainfo/redeem',
          headers,
          setupRequest,
          afterWarmup,
        },
        finish: (result) => ({
          ...result,
          supplyExhausted: source.exhausted || warmupExhausted,
          errors: result.errors + (source.exhausted ? 1 : 0),
          warmupErrors: result.warmupErrors + (warmupExhausted ? 1 : 0),
        }),
      };
    },
  },
  {
    id: 'token',
    label: '3c. OIDC token endpoint (refresh_token grant)',
    async prepare(ctx) {
      // Every refresh rotates: the answer carries the next refresh token of the same grant, which
      // goes back into the pool for the next request. Each request is a real refresh (client
      // authentication, the old token consumed, new ID, access and refresh tokens signed and
      // stored); none is ever sent twice, which the hub would take for a stolen token.
      const { clientId, secret } = await registerBenchClient(ctx.database.url);
      const started = Date.now();
      // A connection holds one token in flight and one ready; those of the last requests of the
      // warm-up and of the run are lost when autocannon stops. Six per connection is plenty.
      const { tokens, basic } = await createRefreshTokens(ctx.hub, clientId, secret, 6 * CONNECTIONS + 1);
      ctx.log(`  made ${tokens.length} refresh tokens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
      const body = (token) =>
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString();
      let once;
      await expectOnce(
        ctx.hub,
        { method: 'POST', path: '/oidc/token', headers, body: body(tokens.pop()) },
        (res, text) => {
          once = JSON.parse(text);
          return res.ok && typeof once.refresh_token === 'string' && typeof once.id_token === 'string';
        },
      );
      tokens.push(once.refresh_token);
      let exhausted = false;
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/oidc/token',
          headers,
          setupRequest: (req) => {
            const token = tokens.shift();
            if (token === undefined) exhausted = true;
            req.body = body(token ?? 'exhausted');
            return req;
          },
          onResponse: (status, text) => {
            if (status === 200) tokens.push(JSON.parse(text).refresh_token);
          },
        },
        note: 'refresh_token grants with client_secret_basic, each rotating its token',
        finish: (result) => ({
          ...result,
          supplyExhausted: exhausted,
          errors: result.errors + (exhausted ? 1 : 0),
        }),
      };
    },
  },
  {
    id: 'landing',
    label: '4a. landing page',
    async prepare(ctx) {
      const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
      await expectOnce(
        ctx.hub,
        { path: '/', headers },
        (res, text) => res.ok && text.includes('<div id="root">'),
      );
      return { spec: { connections: CONNECTIONS, path: '/', headers } };
    },
  },
  {
    id: 'asset',
    label: '4b. hashed asset (entry JS)',
    async prepare(ctx) {
      const html = await (await fetch(`${ctx.hub.url}/`)).text();
      const path = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      if (!path) throw new Error('the landing page names no entry script');
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      await expectOnce(
        ctx.hub,
        { path, headers },
        (res) => res.ok && res.headers.get('cache-control')?.includes('immutable') === true,
      );
      return { spec: { connections: CONNECTIONS, path, headers }, note: path };
    },
  },
  {
    id: 'signup',
    label: '5. sign-up code request (mail into the outbox)',
    async prepare(ctx) {
      const cookie = randomBytes(32).toString('base64url');
      const headers = browserHeaders(ctx.hub, cookie);
      const run = randomBytes(4).toString('hex');
      let i = 0;
      const body = () =>
        JSON.stringify({ platform: 'psl', account: `bench-signup-${run}-${i++}@example.com` });
      await expectOnce(
        ctx.hub,
        { method: 'POST', path: '/api/signup/start', headers, body: body() },
        (res, text) => res.ok && JSON.parse(text).next === 'code',
      );
      const mailedBefore = await ctx.sink.received();
      return {
        spec: {
          connections: CONNECTIONS,
          method: 'POST',
          path: '/api/signup/start',
          headers,
          setupRequest: (req) => {
            req.body = body();
            return req;
          },
        },
        finish: async (result) => ({
          ...result,
          mailsDeliveredDuringRun: (await ctx.sink.received()) - mailedBefore,
        }),
      };
    },
  },
];

/** Runs the scenarios named in `only` (all by default) against one running hub. */
export const runScenarios = async (ctx, only) => {
  const results = [];
  for (const scenario of scenarios) {
    if (only ? !only.includes(scenario.id) : scenario.namedOnly) continue;
    if (scenario.run) {
      const result = await scenario.run(ctx);
      results.push(result);
      ctx.log(`  ${scenario.describe(result)}`);
      await ctx.hub.settle();
      continue;
    }
    const prepared = await scenario.prepare(ctx);
    const measured = await runScenario(ctx.hub, prepared.spec, ctx.timing);
    const result = prepared.finish ? await prepared.finish(measured) : measured;
    results.push({
      scenario: scenario.id,
      label: scenario.label,
      ...(prepared.note ? { note: prepared.note } : {}),
      ...result,
    });
    ctx.log(
      `  ${scenario.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `errors ${result.errors + result.warmupErrors}, peak RSS ${result.peakRssMiB} MiB, ` +
        `CPU per request: hub ${result.cpuMsPerRequest.toFixed(2)} ms (primary ${result.primaryCpuMsPerRequest.toFixed(2)}), ` +
        `autocannon ${result.driverCpuMsPerRequest.toFixed(2)} ms`,
    );
    await ctx.hub.settle();
  }
  return results;
};

const formatComparisonLine = (r) =>
  `${r.label}: hub ${r.hub.loginsPerSecond.toFixed(1)}/s, better-auth ${r.betterAuth.loginsPerSecond.toFixed(1)}/s, ` +
  `floor ${r.floor.loginsPerSecond.toFixed(1)}/s, raw Argon2id ${r.raw.loginsPerSecond.toFixed(1)}/s; hub/better-auth ${r.hubToBetterAuth.toFixed(2)} ` +
  `(goal ≥ ${r.goals.hubToBetterAuth}), hub/raw ${r.hubToRaw.toFixed(2)}; ` +
  `by CPU time ${r.hubToBetterAuthByCpu.toFixed(2)} and ${r.hubToRawByCpu.toFixed(2)}; ` +
  `floor/raw ${r.floorToRaw.toFixed(2)}, floor/better-auth ${r.floorToBetterAuth.toFixed(2)}, hub/floor ${r.hubToFloor.toFixed(2)} (goal ≥ ${r.goals.hubToFloor}); ` +
  `floor with the hub's hash ${r.floorHubHash.loginsPerSecond.toFixed(1)}/s (hub/it ${r.hubToFloorHubHash.toFixed(2)}, ` +
  `${r.floorHubHash.cpuMsPerLogin.toFixed(2)} ms CPU a login); ` +
  `CPU per login: hub ${r.hub.cpuMsPerLogin.toFixed(2)} ms (event loop ${r.hub.loopCpuMsPerLogin.toFixed(2)}, primary ${r.hub.primaryCpuMsPerLogin.toFixed(2)}), ` +
  `better-auth ${r.betterAuth.cpuMsPerLogin.toFixed(2)} ms (event loop ${r.betterAuth.loopCpuMsPerLogin.toFixed(2)}), ` +
  `floor ${r.floor.cpuMsPerLogin.toFixed(2)} ms (event loop ${r.floor.loopCpuMsPerLogin.toFixed(2)}), ` +
  `raw ${r.raw.cpuMsPerLogin.toFixed(2)} ms; peak RSS hub ${r.hub.peakRssMiB} MiB, better-auth ${r.betterAuth.peakRssMiB} MiB; ` +
  `errors hub ${r.hub.errors} ${JSON.stringify(r.hub.statusCodes)}, better-auth ${r.betterAuth.errors}`;
