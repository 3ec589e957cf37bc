import { randomUUID } from 'node:crypto';
import { EVENT_KINDS, isEventKind } from '../events/kinds.js';
import { newEndpointSecret } from '../events/signing.js';
import { checkCallbackUrl, checkTid } from '../services/registry-checks.js';
import { createToolQueries } from '../storage/tools.js';
import { createWebhookQueries, webhookSecretSealer } from '../storage/webhooks.js';
import { accepted, type Subcommand } from './context.js';
import { failure, iso, parseCommand, table, usageError } from './io.js';

export const webhooksUsage = `Usage: hub webhooks <subcommand>

  add (--tid N | --platform psl|biz) --url URL [--kind KIND…]
        register an endpoint that receives signed events (Standard Webhooks) about the tool's
        members, or the platform's accounts; prints its signing secret once. Without --kind it
        receives every kind: ${EVENT_KINDS.join(', ')}
  list
        every endpoint: id, owner, URL, kinds
  remove ENDPOINT_ID --yes
        delete the endpoint with its pending deliveries
  redeliver (--event EVENT_ID | --since TIME [--until TIME]) [--endpoint ENDPOINT_ID]
        send one event, or every event created in a time range (ISO 8601), again: delivered
        and dead deliveries go back to pending, with their attempts counted from zero
  stats [ENDPOINT_ID]
        deliveries per endpoint: pending, delivered, dead, and the oldest pending one

The URL must use https (http only for localhost, or in local and development).
docs/events.md says what each kind carries and how a tool verifies a delivery.
Every subcommand takes --json: its result as one JSON document on stdout (a new signing secret
is its "secret" field; in text it is printed once, alone on its line).
Exit codes: 0 done, 1 not found, 64 bad usage.`;

const checkTime = (input: string, what: string): number => {
  const ms = Date.parse(input);
  if (!/^\d{4}-\d{2}-\d{2}/.test(input) || Number.isNaN(ms))
    throw usageError(`${what} is a time in ISO 8601 (2026-11-28T09:00:00Z): ${input}.`);
  return ms;
};

const add: Subcommand = (args) => {
  const { values } = parseCommand(
    args,
    {
      tid: { type: 'string' },
      platform: { type: 'string' },
      url: { type: 'string' },
      kind: { type: 'string', multiple: true },
    },
    [],
  );
  if ((values.tid === undefined) === (values.platform === undefined))
    throw usageError('An endpoint belongs to one tool (--tid N) or one platform (--platform psl|biz).');
  const tid = values.tid === undefined ? null : accepted(checkTid(values.tid));
  const platform = values.platform ?? null;
  if (platform !== null && platform !== 'psl' && platform !== 'biz')
    throw usageError(`--platform is psl or biz (got ${platform}).`);
  const kinds = values.kind ?? [...EVENT_KINDS];
  const unknown = kinds.filter((kind) => !isEventKind(kind));
  if (unknown.length > 0)
    throw usageError(`Unknown event kind ${unknown.join(', ')}; the kinds are ${EVENT_KINDS.join(', ')}.`);
  return async ({ config, database, now, out, result, secret: shown }) => {
    const url = accepted(checkCallbackUrl(values.url, config.appEnv));
    // Stored sealed with KEY_ENCRYPTION_KEY; shown here, once, in clear.
    if (tid !== null && !(await createToolQueries(database.db).findByTid(tid)))
      throw failure(`No tool ${tid}.`);
    const id = `ep_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const secret = newEndpointSecret();
    await createWebhookQueries(database.db, webhookSecretSealer(config.keyEncryption)).addEndpoint({
      id,
      tid,
      platform,
      url,
      secret,
      kinds: JSON.stringify([...new Set(kinds)]),
      created_at: now(),
    });
    out(`Endpoint ${id} added for ${tid !== null ? `tool ${tid}` : `platform ${platform}`}: ${url}`);
    out('');
    out('Signing secret (give it to the tool; it verifies every delivery with it):');
    out('');
    shown(secret);
    out('');
    out('This is the only time it is shown.');
    result({ id, tid, platform, url, kinds: [...new Set(kinds)], secret });
    return 0;
  };
};

const list: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ database, out, result }) => {
    const endpoints = await createWebhookQueries(database.db).listEndpoints();
    result({
      endpoints: endpoints.map((e) => ({
        id: e.id,
        tid: e.tid,
        platform: e.platform,
        url: e.url,
        kinds: JSON.parse(e.kinds) as string[],
      })),
    });
    if (endpoints.length === 0) {
      out('No endpoints.');
      return 0;
    }
    const rows = endpoints.map((e) => [
      e.id,
      e.tid !== null ? `tool ${e.tid}` : `platform ${e.platform}`,
      e.url,
      (JSON.parse(e.kinds) as string[]).join(','),
    ]);
    out(table([['ID', 'OWNER', 'URL', 'KINDS'], ...rows]));
    return 0;
  };
};

const remove: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, { yes: { type: 'boolean' } }, ['ENDPOINT_ID']);
  const id = positionals[0]!;
  if (!values.yes)
    throw usageError(`Removing endpoint ${id} drops its pending deliveries; run it again with --yes.`);
  return async ({ database, out, result }) => {
    if (!(await createWebhookQueries(database.db).removeEndpoint(id))) throw failure(`No endpoint ${id}.`);
    out(`Endpoint ${id} removed.`);
    result({ id, removed: true });
    return 0;
  };
};

const redeliver: Subcommand = (args) => {
  const { values } = parseCommand(
    args,
    {
      event: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      endpoint: { type: 'string' },
    },
    [],
  );
  if ((values.event === undefined) === (values.since === undefined))
    throw usageError('Name one event (--event EVENT_ID) or a time range (--since TIME [--until TIME]).');
  const from = values.since === undefined ? undefined : checkTime(values.since, '--since');
  const to = values.until === undefined ? undefined : checkTime(values.until, '--until');
  if (values.until !== undefined && values.since === undefined)
    throw usageError('--until goes with --since.');
  return async ({ database, now, out, result }) => {
    const queries = createWebhookQueries(database.db);
    if (values.endpoint && !(await queries.findEndpoint(values.endpoint)))
      throw failure(`No endpoint ${values.endpoint}.`);
    const count = await queries.redeliver(
      {
        ...(values.event ? { eventId: values.event } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(values.endpoint ? { endpointId: values.endpoint } : {}),
      },
      now(),
    );
    if (count === 0 && values.event) throw failure(`No delivery of event ${values.event} to send again.`);
    out(`${count} ${count === 1 ? 'delivery' : 'deliveries'} queued again.`);
    result({ queued: count });
    return 0;
  };
};

const stats: Subcommand = (args) => {
  const { positionals } = parseCommand(args, {}, args.length > 0 ? ['ENDPOINT_ID'] : []);
  const endpointId = positionals[0];
  return async ({ database, out, result }) => {
    const queries = createWebhookQueries(database.db);
    const endpoints = (await queries.listEndpoints()).filter((e) => !endpointId || e.id === endpointId);
    if (endpointId && endpoints.length === 0) throw failure(`No endpoint ${endpointId}.`);
    const counts = await queries.stats(endpointId);
    const of = (id: string, status: string) =>
      counts.find((c) => c.endpoint_id === id && c.status === status);
    const rows = endpoints.map((e) => [
      e.id,
      String(Number(of(e.id, 'pending')?.n ?? 0)),
      String(Number(of(e.id, 'delivered')?.n ?? 0)),
      String(Number(of(e.id, 'dead')?.n ?? 0)),
      iso(of(e.id, 'pending')?.oldest == null ? null : Number(of(e.id, 'pending')?.oldest)),
    ]);
    out(table([['ID', 'PENDING', 'DELIVERED', 'DEAD', 'OLDEST PENDING'], ...rows]));
    result({
      endpoints: endpoints.map((e) => {
        const oldest = of(e.id, 'pending')?.oldest;
        return {
          id: e.id,
          pending: Number(of(e.id, 'pending')?.n ?? 0),
          delivered: Number(of(e.id, 'delivered')?.n ?? 0),
          dead: Number(of(e.id, 'dead')?.n ?? 0),
          oldestPendingAt: oldest == null ? null : Number(oldest),
        };
      }),
    });
    return 0;
  };
};

export const webhookSubcommands: Record<string, Subcommand> = { add, list, remove, redeliver, stats };
