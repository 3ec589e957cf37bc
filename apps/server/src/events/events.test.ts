import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { meLogoutEndpoints } from '@hub/core';
import { sql } from 'kysely';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eraseDueAccounts } from '../services/account-erasure.js';
import { metricsRegistry } from '../services/metrics.js';
import { createWebhookQueries } from '../storage/webhooks.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { runHubCli, useCliDatabase } from '../test-support/cli.js';
import { browserFor, signInWith } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { registerTools } from '../test-support/tools.js';
import { emitAccountEvent } from './emit.js';
import { EVENT_KINDS } from './kinds.js';
import { newEndpointSecret } from './signing.js';
import { createEventWorker } from './worker.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A tool's endpoint: records what it is sent; while `down` it answers 503. */
const startEndpoint = async () => {
  const received: Received[] = [];
  const state = { down: false, refused: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (state.down) {
        state.refused += 1;
        response.writeHead(503).end();
        return;
      }
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDialects)('events to tools and platforms on %s', (dialect) => {
  const ctx = setUpTestHub(dialect);
  let member: Awaited<ReturnType<typeof startEndpoint>>;
  let stranger: Awaited<ReturnType<typeof startEndpoint>>;
  let biz: Awaited<ReturnType<typeof startEndpoint>>;
  const secrets = { member: newEndpointSecret(), stranger: newEndpointSecret(), biz: newEndpointSecret() };
  const memberTid = 9101;
  const strangerTid = 9102;

  beforeAll(async () => {
    // Real time: the library refuses a signature more than five minutes from its own clock.
    ctx.hub.clock.set(Date.now());
    [member, stranger, biz] = await Promise.all([startEndpoint(), startEndpoint(), startEndpoint()]);
    await registerTools(ctx.hub, [
      [memberTid, 'Member tool'],
      [strangerTid, 'Stranger tool'],
    ]);
    const endpoints = createWebhookQueries(ctx.db);
    const kinds = JSON.stringify(EVENT_KINDS);
    const now = ctx.hub.clock.now();
    await endpoints.addEndpoint({
      id: 'ep_member',
      tid: memberTid,
      platform: null,
      url: member.url,
      secret: secrets.member,
      kinds,
      created_at: now,
    });
    await endpoints.addEndpoint({
      id: 'ep_stranger',
      tid: strangerTid,
      platform: null,
      url: stranger.url,
      secret: secrets.stranger,
      kinds,
      created_at: now,
    });
    await endpoints.addEndpoint({
      id: 'ep_biz',
      tid: null,
      platform: 'biz',
      url: biz.url,
      secret: secrets.biz,
      kinds,
      created_at: now,
    });
  });
  afterAll(async () => {
    await ctx.hub.eventWorker.stop();
    await Promise.all([member?.close(), stranger?.close(), biz?.close()]);
  });

  /** A Personal account that is a member of the member tool (not of the stranger tool). */
  const memberAccount = async (label: string) => {
    const id = await seedAccount(ctx.hub, { email: `${label}${randomUUID().slice(0, 8)}@example.ph` });
    await ctx.hub.hub.tools.addMember(memberTid, id, ctx.hub.clock.now());
    return id;
  };

  const verified = (received: Received, secret: string) =>
    new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };

  it('sends account.deleted once, signed, within seconds of the erasure; again after a forced redelivery', async () => {
    const id = await memberAccount('deleted');
    const now = ctx.hub.clock.now();
    await ctx.db
      .updateTable('accounts')
      .set({ deletion_requested_at: now - 1000, deletion_due_at: now - 1 })
      .where('id', '=', id)
      .execute();
    const before = member.received.length;
    ctx.hub.eventWorker.start();
    expect(await eraseDueAccounts(ctx.db, now)).toBe(1);
    await vi.waitFor(() => expect(member.received.length).toBe(before + 1), { timeout: 5_000, interval: 50 });
    await ctx.hub.eventWorker.stop();
    const delivery = member.received.at(-1)!;
    const body = verified(delivery, secrets.member);
    expect(body).toMatchObject({ type: 'account.deleted', data: { account_id: id } });
    expect(() => verified(delivery, secrets.stranger)).toThrow();
    // Nothing twice: later runs find nothing to send.
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before + 1);
    expect(stranger.received).toHaveLength(0);
    expect(biz.received).toHaveLength(0);

    const eventId = delivery.headers['webhook-id'] as string;
    const queued = await createWebhookQueries(ctx.db).redeliver({ eventId }, ctx.hub.clock.now());
    expect(queued).toBe(1);
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before + 2);
    const again = member.received.at(-1)!;
    expect(again.headers['webhook-id']).toBe(eventId);
    expect(verified(again, secrets.member)).toMatchObject({
      type: 'account.deleted',
      data: { account_id: id },
    });
  });

  it('holds everything for an endpoint that is down and sends it, each once, when it is back', async () => {
    const id = await memberAccount('down');
    member.state.down = true;
    const before = member.received.length;
    const kinds = ['account.profile_updated', 'session.ended', 'account.locked', 'account.unlocked'] as const;
    for (const kind of kinds)
      await ctx.db
        .transaction()
        .execute((trx) => emitAccountEvent(trx, { kind, accountId: id }, ctx.hub.clock.now()));
    expect(await ctx.hub.eventWorker.runOnce()).toMatchObject({ delivered: 0, retried: 4 });
    expect(member.state.refused).toBe(4);
    // The metrics show the backlog and the failed attempts per endpoint.
    expect(await metricsRegistry.getSingleMetricAsString('hub_webhook_pending')).toMatch(
      /hub_webhook_pending\{endpoint="ep_member"\} 4\b/,
    );
    expect(await metricsRegistry.getSingleMetricAsString('hub_webhook_deliveries_total')).toMatch(
      /hub_webhook_deliveries_total\{endpoint="ep_member",outcome="retried"\} [1-9]/,
    );
    // Still down at the next try.
    ctx.hub.clock.advance(15_000);
    expect(await ctx.hub.eventWorker.runOnce()).toMatchObject({ delivered: 0, retried: 4 });

    member.state.down = false;
    expect(await ctx.hub.eventWorker.runOnce()).toMatchObject({ delivered: 0, retried: 0 });
    ctx.hub.clock.advance(30_000);
    ctx.hub.clock.set(Math.max(ctx.hub.clock.now(), Date.now()));
    expect(await ctx.hub.eventWorker.runOnce()).toMatchObject({ delivered: 4 });
    ctx.hub.clock.advance(3_600_000);
    expect(await ctx.hub.eventWorker.runOnce()).toMatchObject({ delivered: 0, retried: 0, dead: 0 });
    const got = member.received.slice(before);
    expect(got.map((r) => verified(r, secrets.member).type).sort()).toEqual([...kinds].sort());
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(4);
    expect(stranger.received).toHaveLength(0);
    ctx.hub.clock.set(Date.now());
  });

  it('tells a platform site about its accounts only, and nobody about an account that is no member', async () => {
    const bizId = await seedAccount(ctx.hub, {
      email: `biz${randomUUID().slice(0, 8)}@example.ph`,
      platforms: ['biz'],
    });
    const loner = await seedAccount(ctx.hub, { email: `loner${randomUUID().slice(0, 8)}@example.ph` });
    const counts = [member.received.length, stranger.received.length, biz.received.length];
    for (const accountId of [bizId, loner])
      await ctx.db
        .transaction()
        .execute((trx) =>
          emitAccountEvent(trx, { kind: 'account.profile_updated', accountId }, ctx.hub.clock.now()),
        );
    await ctx.hub.eventWorker.runOnce();
    expect([member.received.length, stranger.received.length]).toEqual(counts.slice(0, 2));
    expect(biz.received.length).toBe(counts[2]! + 1);
    expect(verified(biz.received.at(-1)!, secrets.biz)).toMatchObject({ data: { account_id: bizId } });
  });

  it('tells a tool when an account leaves it, and stops there', async () => {
    const id = await memberAccount('leaver');
    const before = member.received.length;
    const now = ctx.hub.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      await emitAccountEvent(
        trx,
        { kind: 'membership.removed', accountId: id, data: { tid: memberTid } },
        now,
      );
      await trx.deleteFrom('tool_memberships').where('account_id', '=', id).execute();
    });
    await ctx.db
      .transaction()
      .execute((trx) => emitAccountEvent(trx, { kind: 'session.ended', accountId: id }, now));
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before + 1);
    expect(verified(member.received.at(-1)!, secrets.member)).toMatchObject({
      type: 'membership.removed',
      data: { account_id: id, tid: memberTid },
    });
  });

  it('gives a delivery up after the bound (dead), and a time-range redelivery revives it', async () => {
    const id = await memberAccount('dead');
    member.state.down = true;
    const worker = createEventWorker({
      database: ctx.hub.database,
      now: ctx.hub.clock.now,
      log: silentLog,
      maxAttempts: 2,
    });
    const from = ctx.hub.clock.now();
    await ctx.db
      .transaction()
      .execute((trx) => emitAccountEvent(trx, { kind: 'account.profile_updated', accountId: id }, from));
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    ctx.hub.clock.advance(60_000);
    expect(await worker.runOnce()).toMatchObject({ dead: 1 });
    const stats = await createWebhookQueries(ctx.db).stats('ep_member');
    expect(stats.find((s) => s.status === 'dead')?.n).toBeDefined();

    member.state.down = false;
    ctx.hub.clock.set(Date.now());
    const before = member.received.length;
    expect(
      await createWebhookQueries(ctx.db).redeliver(
        { from, to: ctx.hub.clock.now() + 1 },
        ctx.hub.clock.now(),
      ),
    ).toBeGreaterThanOrEqual(1);
    await worker.runOnce();
    expect(member.received.length).toBeGreaterThan(before);
    expect(
      member.received.slice(before).some((r) => verified(r, secrets.member).data.account_id === id),
    ).toBe(true);
  });

  it('tells a member tool of a sign-out through the hub (session.ended), from the sign-out itself', async () => {
    const email = `signout${randomUUID().slice(0, 8)}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await ctx.hub.hub.tools.addMember(memberTid, id, ctx.hub.clock.now());
    const browser = browserFor(ctx.hub, '198.19.77.1');
    await signInWith(browser, email);
    const before = member.received.length;
    expect((await browser.post(meLogoutEndpoints.logout, {})).statusCode).toBe(200);
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before + 1);
    expect(verified(member.received.at(-1)!, secrets.member)).toMatchObject({
      type: 'session.ended',
      data: { account_id: id },
    });
    // Signing out again ends nothing, and tells nobody.
    await browser.post(meLogoutEndpoints.logout, {});
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before + 1);
  });

  it('tells a member tool that an erased account’s last session ended (session.ended beside account.deleted)', async () => {
    const email = `erased${randomUUID().slice(0, 8)}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await ctx.hub.hub.tools.addMember(memberTid, id, ctx.hub.clock.now());
    await signInWith(browserFor(ctx.hub, '198.19.77.2'), email);
    const now = ctx.hub.clock.now();
    await ctx.db
      .updateTable('accounts')
      .set({ deletion_requested_at: now - 1000, deletion_due_at: now - 1 })
      .where('id', '=', id)
      .execute();
    const before = member.received.length;
    expect(await eraseDueAccounts(ctx.db, now)).toBe(1);
    await ctx.hub.eventWorker.runOnce();
    const sent = member.received.slice(before).map((r) => verified(r, secrets.member));
    expect(sent.map((body) => body.type).sort()).toEqual(['account.deleted', 'session.ended']);
    for (const body of sent) expect(body.data.account_id).toBe(id);
  });

  it('sends each delivery once when two hub processes deliver the same outbox', async () => {
    const id = await memberAccount('race');
    const before = member.received.length;
    for (let i = 0; i < 12; i += 1)
      await ctx.db
        .transaction()
        .execute((trx) =>
          emitAccountEvent(trx, { kind: 'account.profile_updated', accountId: id }, ctx.hub.clock.now()),
        );
    const options = { database: ctx.hub.database, now: ctx.hub.clock.now, log: silentLog, batchSize: 5 };
    const [a, b] = [createEventWorker(options), createEventWorker(options)];
    for (let round = 0; round < 4; round += 1) await Promise.all([a.runOnce(), b.runOnce()]);
    const got = member.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(got).toHaveLength(12);
    expect(new Set(got).size).toBe(12);
  });

  it('sends nothing for a change that did not commit', async () => {
    const id = await memberAccount('rollback');
    const before = member.received.length;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('accounts').set({ email: 'new@example.ph' }).where('id', '=', id).execute();
        await emitAccountEvent(
          trx,
          { kind: 'account.email_changed', accountId: id, data: { email: 'new@example.ph' } },
          ctx.hub.clock.now(),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.hub.eventWorker.runOnce();
    expect(member.received.length).toBe(before);
  });

  it.runIf(dialect === 'postgres')(
    'sends nothing for a change cut off by the database mid-transaction',
    async () => {
      const id = await memberAccount('cut');
      const before = member.received.length;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await expect(
          ctx.db.transaction().execute(async (trx) => {
            await trx.updateTable('accounts').set({ email: 'cut@example.ph' }).where('id', '=', id).execute();
            await emitAccountEvent(
              trx,
              { kind: 'account.email_changed', accountId: id, data: { email: 'cut@example.ph' } },
              ctx.hub.clock.now(),
            );
            const { rows: own } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            await admin.query('select pg_terminate_backend($1)', [own[0]!.pid]);
            await trx.selectFrom('accounts').select('id').where('id', '=', id).execute();
          }),
        ).rejects.toThrow();
      } finally {
        await admin.end();
      }
      await vi.waitFor(async () => expect(await ctx.hub.eventWorker.runOnce()).toBeDefined(), {
        timeout: 5_000,
      });
      expect(member.received.length).toBe(before);
      const row = await ctx.db
        .selectFrom('accounts')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.email).not.toBe('cut@example.ph');
      expect(
        await ctx.db.selectFrom('webhook_events').select('id').where('account_id', '=', id).execute(),
      ).toHaveLength(0);
    },
  );
});

describe.each(testDialects)('hub webhooks on %s', (dialect) => {
  const cli = useCliDatabase(dialect);

  it('adds, lists, shows stats for and removes an endpoint; refuses bad input with exit 64', async () => {
    expect(
      (await runHubCli(['tools', 'add', '--tid', '9201', '--name', 'Hooked', '--type', '1'], cli.env)).code,
    ).toBe(0);
    const added = await runHubCli(
      [
        'webhooks',
        'add',
        '--tid',
        '9201',
        '--url',
        'https://tool.example.ph/hooks',
        '--kind',
        'account.deleted',
      ],
      cli.env,
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/whsec_[A-Za-z0-9+/=]{40,}/);
    const id = /Endpoint (ep_\w+)/.exec(added.out)![1]!;
    const listed = await runHubCli(['webhooks', 'list'], cli.env);
    expect(listed.out).toContain(id);
    expect(listed.out).toContain('account.deleted');
    expect(listed.out).not.toContain('whsec_');
    expect((await runHubCli(['webhooks', 'stats'], cli.env)).out).toContain(id);
    expect(
      (
        await runHubCli(
          ['webhooks', 'add', '--tid', '9201', '--url', 'https://x.example.ph/', '--kind', 'nope'],
          cli.env,
        )
      ).code,
    ).toBe(64);
    expect((await runHubCli(['webhooks', 'add', '--url', 'https://x.example.ph/'], cli.env)).code).toBe(64);
    expect(
      (await runHubCli(['webhooks', 'add', '--tid', '9999', '--url', 'https://x.example.ph/'], cli.env)).code,
    ).toBe(1);
    expect((await runHubCli(['webhooks', 'redeliver'], cli.env)).code).toBe(64);
    expect((await runHubCli(['webhooks', 'remove', id], cli.env)).code).toBe(64);
    expect((await runHubCli(['webhooks', 'remove', id, '--yes'], cli.env)).code).toBe(0);
    expect((await runHubCli(['webhooks', 'list'], cli.env)).out).not.toContain(id);
  });
});
