import { type Kysely, sql } from 'kysely';
import type { Db } from './db.js';
import type {
  Database,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './schema.js';

/** A delivery this process holds: `lease` is the `next_attempt_at` its claim wrote (as mail/outbox). */
export interface ClaimedDelivery {
  id: string;
  lease: number;
  /** Counting this attempt. */
  attempts: number;
  eventId: string;
  kind: string;
  payload: string;
  createdAt: number;
  url: string;
  secret: string;
  endpointId: string;
}

/** The webhook tables: SQL only, the rules live in events/. */
export const createWebhookQueries = (db: Db) => {
  const held = (id: string, lease: number) =>
    db
      .updateTable('webhook_deliveries')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', lease);
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;

  return {
    addEndpoint: (endpoint: WebhookEndpointsTable) =>
      db.insertInto('webhook_endpoints').values(endpoint).execute(),

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

    findDue: (now: number, limit: number) =>
      db
        .selectFrom('webhook_deliveries')
        .select(['id', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Optimistic claim, as mail/outbox.ts: only the update that still sees `seen` wins. */
    claim: async (id: string, seen: number, leaseUntil: number): Promise<ClaimedDelivery | undefined> => {
      const row = await held(id, seen)
        .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .returning(['id', 'attempts', 'event_id', 'endpoint_id'])
        .executeTakeFirst();
      if (!row) return undefined;
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
        id: row.id,
        lease: leaseUntil,
        attempts: Number(row.attempts),
        eventId: row.event_id,
        endpointId: row.endpoint_id,
        kind: detail.kind,
        payload: detail.payload,
        createdAt: Number(detail.created_at),
        url: detail.url,
        secret: detail.secret,
      };
    },

    markDelivered: async (delivery: ClaimedDelivery, now: number) =>
      changed(
        await held(delivery.id, delivery.lease)
          .set({ status: 'delivered', delivered_at: now, last_error: null })
          .executeTakeFirst(),
      ),

    markRetry: async (delivery: ClaimedDelivery, nextAttemptAt: number, error: string) =>
      changed(
        await held(delivery.id, delivery.lease)
          .set({ next_attempt_at: nextAttemptAt, last_error: error })
          .executeTakeFirst(),
      ),

    markDead: async (delivery: ClaimedDelivery, error: string) =>
      changed(
        await held(delivery.id, delivery.lease).set({ status: 'dead', last_error: error }).executeTakeFirst(),
      ),

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
