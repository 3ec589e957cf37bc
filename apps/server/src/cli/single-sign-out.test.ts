import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { meDataEndpoints } from '@hub/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../storage/database.js';
import { seedAccount } from '../test-support/accounts.js';
import { buildTestHub, createTestClock, type TestHub } from '../test-support/app.js';
import { runHubCli, useCliDatabase } from '../test-support/cli.js';
import { browserFor, signInWith, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  authorizationRequest,
  pathOf,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';

/**
 * Single sign-out from the command line: `hub accounts delete` and `hub cleanup`'s erasure end the
 * account's sessions in a process where no provider runs; the clients signed in from them still get
 * their back-channel logout (cli/console-context.ts loads the provider to send it).
 */
describe.each(testDialects)('single sign-out from the command line on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  const env = () => ({ ...cli.env, APP_ENV: 'local', LOG_LEVEL: 'silent' });
  const clock = createTestClock(Date.now());
  const received: string[] = [];
  let server: Server;
  let uri = '';
  let hub: TestHub;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel`;
    // The hub a browser signs in at, on the command line's database.
    hub = await buildTestHub(openDatabase(cli.url, { poolSize: 2 }), loadConfig(env()), clock);
  });
  afterAll(async () => {
    await hub?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A browser signed in at the hub and, from that session, at a client with a back-channel URI. */
  const signedInAtClient = async (email: string, ip: string) => {
    const sub = await seedAccount(hub, { email });
    const browser: TestBrowser = browserFor(hub, ip);
    await signInWith(browser, email);
    const { clientId } = await registerRelyingParty(hub, { public: true, backchannelLogoutUri: uri });
    const config = await relyingPartyConfig(hub, clientId);
    const { url, verifier, state } = await authorizationRequest(config);
    let res = await browser.get(pathOf(url.href));
    while (pathOf(String(res.headers.location)).startsWith('/oidc/'))
      res = await browser.get(pathOf(String(res.headers.location)));
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(String(res.headers.location), hub.config.publicUrl),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    return { sub, browser, clientId, config, tokens };
  };

  /** The logout tokens for `clientId`, verified against the hub's published keys. */
  const toldTo = async (clientId: string) => {
    const jwks = (await hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const payloads = [];
    for (const token of received) {
      const verified = await jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: hub.config.publicUrl,
        audience: clientId,
      }).catch(() => undefined);
      if (verified) payloads.push(verified.payload);
    }
    return payloads;
  };

  it('tells the clients when an operator deletes the account with `hub accounts delete`', async () => {
    const s = await signedInAtClient('cli-delete@example.ph', '10.32.9.1');
    const run = await runHubCli(
      ['accounts', 'delete', 'cli-delete@example.ph', '--yes', '--reason', 'asked by letter'],
      env(),
      clock.now,
    );
    expect(run.code, run.err).toBe(0);
    expect(await toldTo(s.clientId)).toEqual([
      expect.objectContaining({ sub: s.sub, sid: s.tokens.claims()?.sid }),
    ]);
    await expect(client.refreshTokenGrant(s.config, s.tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('tells the clients of the last session when `hub cleanup` erases the account', async () => {
    const s = await signedInAtClient('cli-erase@example.ph', '10.32.9.2');
    // The person asks from this browser: its session stays through the grace period.
    const asked = await s.browser.post(meDataEndpoints.deletion, { password: strongPassword });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await toldTo(s.clientId)).toEqual([]);
    await hub.database.db
      .updateTable('accounts')
      .set({ deletion_due_at: clock.now() - 1 })
      .where('id', '=', s.sub)
      .execute();
    const run = await runHubCli(['cleanup'], env(), clock.now);
    expect(run.code, run.err).toBe(0);
    expect(await toldTo(s.clientId)).toEqual([
      expect.objectContaining({ sub: s.sub, sid: s.tokens.claims()?.sid }),
    ]);
  });
});
