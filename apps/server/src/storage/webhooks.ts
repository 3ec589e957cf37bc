import { type Kysely, sql } from 'kysely';
import type { Db } from './db.js';
import { createSealer, type PrivateKeySealer, rewrapRows } from './key-encryption.js';
import { type Claim, createLeasedOutboxQueries } from './leased-outbox.js';
import type {
  Database,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './schema.js';

/** A delivery this process holds (storage/leased-outbox.ts `Claim`), with what it sends. */
export interface ClaimedDelivery extends Claim {
  eventId: string;
  kind: string;
  payload: string;
  createdAt: number;
  url: string;
  /** The endpoint's signing secret, opened (it is sealed at rest). */
  secret: string;
  endpointId: string;
}

/**
 * Endpoint secrets are sealed at rest with KEY_ENCRYPTION_KEY (storage/key-encryption.ts), as the
 * signing keys and the authenticator secrets, under their own purpose and the endpoint's id: an
 * envelope copied to another endpoint, or another kind of row, does not open.
 */
export const webhookSecretSealer = (keys: { current?: Buffer; previous?: Buffer } = {}): PrivateKeySealer =>
  createSealer(keys, 'webhook secret');

/** A secret stored before sealing: the Standard Webhooks form, read as it is. */
const isPlainSecret = (stored: string) => stored.startsWith('whsec_');

/**
 * The webhook tables: SQL only, the rules live in events/. `sealer` seals the endpoint secrets
 * (webhookSecretSealer of the configured KEY_ENCRYPTION_KEY; the local stand-in key by default).
 */
export const createWebhookQueries = (db: Db, sealer: PrivateKeySealer = webhookSecretSealer()) => {
  const leased = createLeasedOutboxQueries(db, 'webhook_deliveries');
  const openSecret = (endpointId: string, stored: string) =>
    isPlainSecret(stored) ? stored : sealer.open(endpointId, stored);

  return {
    /** Registers an endpoint; its `secret` is given in clear and stored sealed. */
    addEndpoint: (endpoint: WebhookEndpointsTable) =>
      db
        .insertInto('webhook_endpoints')
        .values({ ...endpoint, secret: sealer.seal(endpoint.id, endpoint.secret) })
        .execute(),

    listEndpoints: () =>
      db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute(),

    findEndpoint: (id: string) =>
      db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst(),

    removeEndpoint: async (id: string) =>
      Number(
        (await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst()).numDeletedRows,
      ) === 1,

    /**
     * The endpoints that may hear about this account: a tool's when the account is its member, a
     * platform site's when the account is on that platform. Filtered by kind by the caller.
     */
    endpointsFor: (accountId: string) =>
      db
        .selectFrom('webhook_endpoints')
        .select(['id', 'kinds'])
        .where((eb) =>
          eb.or([
            eb(
              'tid',
              'in',
              eb.selectFrom('tool_memberships').select('tid').where('account_id', '=', accountId),
            ),
            eb(
              'platform',
              'in',
              eb.selectFrom('platform_memberships').select('platform').where('account_id', '=', accountId),
            ),
          ]),
        )
        .execute(),

    insertEvent: (event: WebhookEventsTable) => db.insertInto('webhook_events').values(event).execute(),

    insertDeliveries: (rows: WebhookDeliveriesTable[]) =>
      rows.length === 0 ? Promise.resolve() : db.insertInto('webhook_deliveries').values(rows).execute(),

    /** Earlier events about an account (an erasure's own `account.deleted` replaces them). */
    removeEventsOf: (accountId: string) =>
      db.deleteFrom('webhook_events').where('account_id', '=', accountId).execute(),

    findDue: leased.findDue,

    /** The optimistic claim of storage/leased-outbox.ts: only the update that still sees `seen` wins. */
    claim: async (id: string, seen: number, leaseUntil: number): Promise<ClaimedDelivery | undefined> => {
      const claimed = await leased.claim(id, seen, leaseUntil);
      if (!claimed) return undefined;
      const { row } = claimed;
      const detail = await db
        .selectFrom('webhook_events')
        .innerJoin('webhook_endpoints', (join) => join.on('webhook_endpoints.id', '=', row.endpoint_id))
        .select([
          'webhook_events.kind',
          'webhook_events.payload',
          'webhook_events.created_at',
          'webhook_endpoints.url',
          'webhook_endpoints.secret',
        ])
        .where('webhook_events.id', '=', row.event_id)
        .executeTakeFirst();
      if (!detail) return undefined;
      return {
        ...claimed.claim,
        eventId: row.event_id,
        endpointId: row.endpoint_id,
        kind: detail.kind,
        payload: detail.payload,
        createdAt: Number(detail.created_at),
        url: detail.url,
        secret: openSecret(row.endpoint_id, detail.secret),
      };
    },

    markDelivered: (delivery: ClaimedDelivery, now: number) =>
      leased.settle(delivery, { status: 'delivered', delivered_at: now, last_error: null }),

    markRetry: (delivery: ClaimedDelivery, nextAttemptAt: number, error: string) =>
      leased.retry(delivery, nextAttemptAt, error),

    markDead: (delivery: ClaimedDelivery, error: string) =>
      leased.settle(delivery, { status: 'dead', last_error: error }),

    /**
     * `hub keys rewrap`: seals anew every endpoint secret stored in clear (written before sealing)
     * or under another key than the current one (key-encryption.ts rewrapRows).
     */
    rewrapSecrets: async () => {
      const rows = await db.selectFrom('webhook_endpoints').select(['id', 'secret']).orderBy('id').execute();
      return rewrapRows(
        sealer,
        rows.map((row) => ({ id: row.id, stored: row.secret })),
        async (id, from, to) =>
          (
            await db
              .updateTable('webhook_endpoints')
              .set({ secret: to })
              .where('id', '=', id)
              .where('secret', '=', from)
              .executeTakeFirst()
          ).numUpdatedRows === 1n,
        isPlainSecret,
      );
    },

    /**
     * Sends the event(s) again: deliveries of one event, or of events created in [from, to), for
     * one endpoint or all, go back to pending now with their attempts reset. Returns how many.
     */
    redeliver: async (
      selection: { eventId?: string; from?: number; to?: number; endpointId?: string },
      now: number,
    ) => {
      let events = db.selectFrom('webhook_events').select('id');
      if (selection.eventId) events = events.where('id', '=', selection.eventId);
      if (selection.from !== undefined) events = events.where('created_at', '>=', selection.from);
      if (selection.to !== undefined) events = events.where('created_at', '<', selection.to);
      let update = db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, last_error: null, delivered_at: null })
        .where('event_id', 'in', events)
        // A delivery in flight keeps its claim; it is sent anyway.
        .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('next_attempt_at', '<=', now)]));
      if (selection.endpointId) update = update.where('endpoint_id', '=', selection.endpointId);
      return Number((await update.executeTakeFirst()).numUpdatedRows);
    },

    /** Per endpoint: deliveries by status, and the oldest pending one's creation time. */
    stats: (endpointId?: string) => {
      let query = db
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          'endpoint_id',
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .groupBy(['endpoint_id', 'status']);
      if (endpointId) query = query.where('endpoint_id', '=', endpointId);
      return query.execute();
    },
  };
};
export type WebhookQueries = ReturnType<typeof createWebhookQueries>;

/** Pending deliveries per endpoint: for the metrics, read at scrape time. */
export const webhookBacklog = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', sql<number | string>`count(*)`.as('n')])
      .where('status', '=', 'pending')
      .groupBy('endpoint_id')
      .execute()
  ).map((row) => ({ endpointId: row.endpoint_id, pending: Number(row.n) }));
