import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { meSecurityEndpoints } from '@hub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../log.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { signInWith, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectingLog } from '../test-support/log.js';
import { isBreachedPassword } from './breached-passwords.js';

/** A password the stand-in lists as breached, and one it does not. */
const breached = 'Tag-araw-Breach-2019!';
const fresh = 'Bagong-Hindi-Nakita-2026!';

/**
 * A local stand-in of a Pwned-Passwords-style range API: lists `breached` (and padding lines with a
 * zero count), answers 503 while `mode` is 'failing', and never answers while 'hanging'.
 */
const useRangeStandIn = () => {
  const state = { mode: 'up' as 'up' | 'failing' | 'hanging', prefixes: [] as string[], url: '' };
  let server: Server | undefined;
  beforeAll(async () => {
    const sha1 = createHash('sha1').update(breached).digest('hex').toUpperCase();
    server = createServer((req, res) => {
      if (state.mode === 'hanging') return;
      if (state.mode === 'failing') return void res.writeHead(503).end();
      const prefix = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? '')?.[1];
      if (!prefix) return void res.writeHead(404).end();
      state.prefixes.push(prefix);
      const lines = ['0000000000000000000000000000000000A:0', '0000000000000000000000000000000000B:3'];
      if (prefix === sha1.slice(0, 5)) lines.push(`${sha1.slice(5)}:52`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return state;
};

describe('the breached-password range check', () => {
  const standIn = useRangeStandIn();

  it('finds a listed password by its SHA-1 suffix, sending only the 5-digit prefix', async () => {
    standIn.mode = 'up';
    expect(await isBreachedPassword(standIn.url, breached, silentLog)).toBe(true);
    expect(await isBreachedPassword(standIn.url, fresh, silentLog)).toBe(false);
    expect(standIn.prefixes.every((prefix) => prefix.length === 5)).toBe(true);
  });

  it('fails open when the service answers an error, is unreachable or too slow', async () => {
    standIn.mode = 'failing';
    expect(await isBreachedPassword(standIn.url, breached, silentLog)).toBe(false);
    expect(await isBreachedPassword('http://127.0.0.1:9', breached, silentLog)).toBe(false);
    standIn.mode = 'hanging';
    const started = Date.now();
    expect(await isBreachedPassword(standIn.url, breached, silentLog)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    standIn.mode = 'up';
  });
});

describe.each(testDialects)('a new password against the breached-password service on %s', (dialect) => {
  const standIn = useRangeStandIn();
  const ctx = setUpTestHub(dialect, {
    network: '198.19.77',
    captureLog: true,
    env: () => ({ BREACHED_PASSWORD_URL: standIn.url }),
  });
  const email = () => `breach${ctx.n}@example.ph`;

  it('refuses a breached new password while the service is up, and takes a fresh one', async () => {
    standIn.mode = 'up';
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const refused = await ctx.browser.post(meSecurityEndpoints.password, {
      currentPassword: strongPassword,
      newPassword: breached,
      endOtherSessions: false,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'password.too_common', field: 'newPassword' });
    const taken = await ctx.browser.post(meSecurityEndpoints.password, {
      currentPassword: strongPassword,
      newPassword: fresh,
      endOtherSessions: false,
    });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('lets the password through with a log line while the service is down', async () => {
    standIn.mode = 'failing';
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const res = await expectingLog(ctx.hub, 'warn', /breached-password service/, { status: 503 }, () =>
      ctx.browser.post(meSecurityEndpoints.password, {
        currentPassword: strongPassword,
        newPassword: breached,
        endOtherSessions: false,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    standIn.mode = 'up';
  });
});
