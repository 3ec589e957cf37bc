import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kekOf } from '../storage/key-encryption.js';
import { webhookSecretSealer } from '../storage/webhooks.js';
import { accountRow } from '../test-support/accounts.js';
import { runHubCli, useCliDatabase } from '../test-support/cli.js';
import { testDialects } from '../test-support/databases.js';
import { emitAccountEvent } from './emit.js';
import { newEndpointSecret } from './signing.js';
import { createEventWorker } from './worker.js';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Webhook endpoint secrets at rest (docs/events.md "What it stores"): sealed with
 * KEY_ENCRYPTION_KEY as the signing keys are, shown once by `hub webhooks add`, still signing
 * deliveries the tool verifies; a secret stored in clear before sealing keeps working until
 * `hub keys rewrap` seals it.
 */
describe.each(testDialects)('webhook endpoint secrets on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  const kek = randomBytes(32);
  const env = () => ({ ...cli.env, KEY_ENCRYPTION_KEY: kek.toString('hex'), LOG_LEVEL: 'silent' });
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const worker = () =>
    createEventWorker({
      database: cli.database,
      now: Date.now,
      log: silentLog,
      sealer: webhookSecretSealer({ current: kek }),
    });
  /** An account on the psl platform, an event about it, and the worker's run; the delivery it sent. */
  const deliverOne = async () => {
    const id = `acct-${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    await cli.database.db
      .insertInto('accounts')
      .values(accountRow(id, `${id}@example.ph`, now))
      .execute();
    await cli.database.db
      .insertInto('platform_memberships')
      .values({ account_id: id, platform: 'psl', is_default: 1, linked_at: now })
      .execute();
    await cli.database.db
      .transaction()
      .execute((trx) => emitAccountEvent(trx, { kind: 'account.profile_updated', accountId: id }, now));
    const before = received.length;
    expect(await worker().runOnce()).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(before + 1);
    return received.at(-1)!;
  };
  const storedSecret = async (id: string) =>
    (
      await cli.database.db
        .selectFrom('webhook_endpoints')
        .select('secret')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).secret;

  it('stores the secret sealed: hub webhooks add shows it once, the column holds no plain secret', async () => {
    const added = await runHubCli(
      ['webhooks', 'add', '--platform', 'psl', '--url', url, '--kind', 'account.profile_updated'],
      env(),
    );
    expect(added.code, added.err).toBe(0);
    const secret = /(whsec_[A-Za-z0-9+/=]+)/.exec(added.out)![1]!;
    const id = /Endpoint (ep_\w+)/.exec(added.out)![1]!;
    const stored = await storedSecret(id);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length));
    expect(stored).not.toContain('whsec_');
    expect(JSON.parse(stored)).toMatchObject({ v: 1, kek: kekOf(kek).id });
    // Nothing prints it again.
    expect((await runHubCli(['webhooks', 'list'], env())).out).not.toContain(secret);

    // The worker opens it and signs with it: the tool verifies with the secret it was given.
    const delivery = await deliverOne();
    expect(() =>
      new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>),
    ).not.toThrow();
    expect((await runHubCli(['webhooks', 'remove', id, '--yes'], env())).code).toBe(0);
  });

  it('keeps signing with a secret stored in clear before sealing; hub keys rewrap seals it', async () => {
    const secret = newEndpointSecret();
    await cli.database.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'ep_plain',
        tid: null,
        platform: 'psl',
        url,
        secret,
        kinds: '["account.profile_updated"]',
        created_at: Date.now(),
      })
      .execute();
    const verify = (delivery: { body: string; headers: IncomingHttpHeaders }) =>
      new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    const delivered = await deliverOne();
    expect(() => verify(delivered)).not.toThrow();

    const rewrapped = await runHubCli(['keys', 'rewrap'], env());
    expect(rewrapped.code, rewrapped.err).toBe(0);
    expect(rewrapped.out).toContain('Webhook endpoint secrets encrypted anew: 1.');
    const stored = await storedSecret('ep_plain');
    expect(stored).not.toContain(secret);
    expect(JSON.parse(stored)).toMatchObject({ kek: kekOf(kek).id });
    const again = await deliverOne();
    expect(() => verify(again)).not.toThrow();
    // Already sealed with the current key: nothing to do the second time.
    expect((await runHubCli(['keys', 'rewrap'], env())).out).toContain(
      'Webhook endpoint secrets encrypted anew: 0.',
    );
  });
});
