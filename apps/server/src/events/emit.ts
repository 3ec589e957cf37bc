import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { createWebhookQueries } from '../storage/webhooks.js';
import type { EventBody, EventKind } from './kinds.js';

export interface AccountEvent {
  kind: EventKind;
  accountId: string;
  /** More of the event's `data` (never secrets): the new email, the tool's tid, the platform. */
  data?: Record<string, string | number | boolean | null>;
}

const wantsKind = (kinds: string, kind: EventKind) => {
  try {
    const list: unknown = JSON.parse(kinds);
    return Array.isArray(list) && (list.includes(kind) || list.includes('*'));
  } catch {
    return false;
  }
};

/**
 * Records an event about an account for the endpoints that may hear of it: call it with the
 * transaction that makes the change, so the event is sent if and only if the change commits (the
 * outbox; events/worker.ts delivers). Recipients are chosen now: the tools the account is a member
 * of and the platform sites it is on, whose endpoints asked for this kind. A change whose account
 * has left a tool must be emitted before the membership goes (membership.removed, account.deleted).
 * Nothing is written when no endpoint wants the event. Returns the event id, if one was written.
 *
 * This is the one entry point for every kind; the operator console's lock and unlock call it with
 * `account.locked` / `account.unlocked`.
 */
export const emitAccountEvent = async (
  trx: Db,
  event: AccountEvent,
  now: number,
): Promise<string | undefined> => {
  const queries = createWebhookQueries(trx);
  // An erased account leaves only its deletion behind: earlier events would name it for weeks.
  if (event.kind === 'account.deleted') await queries.removeEventsOf(event.accountId);
  const endpoints = (await queries.endpointsFor(event.accountId)).filter((e) =>
    wantsKind(e.kinds, event.kind),
  );
  if (endpoints.length === 0) return undefined;
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  const body: EventBody = {
    type: event.kind,
    timestamp: new Date(now).toISOString(),
    data: { ...event.data, account_id: event.accountId },
  };
  await queries.insertEvent({
    id,
    kind: event.kind,
    account_id: event.accountId,
    payload: JSON.stringify(body),
    created_at: now,
  });
  await queries.insertDeliveries(
    endpoints.map((endpoint) => ({
      id: randomUUID(),
      event_id: id,
      endpoint_id: endpoint.id,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      delivered_at: null,
    })),
  );
  return id;
};
