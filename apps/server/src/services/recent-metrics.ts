/**
 * The last hour of the hub's own metrics, a minute at a time, for the operator console's overview
 * (docs/console.md "Overview"). Each minute is counted where its Prometheus counter is counted
 * (services/metrics.ts: sign-ins and their failures, throttle refusals, mail deliveries and their
 * latency); the outbox backlog is sampled each minute and at each overview read.
 *
 * A ring of RECENT_MINUTES slots in this process's memory: nothing is written to the database, a
 * restart starts an empty hour, and with several hub processes each shows its own traffic (the
 * backlog is the one shared outbox, the same for all). Minutes are wall-clock minutes (Date.now()),
 * as Prometheus scrapes are.
 */

export const RECENT_MINUTES = 60;
const MINUTE_MS = 60_000;

export interface RecentMinute {
  /** Epoch milliseconds of the minute's start. */
  at: number;
  /** Successful sign-ins (hub_sign_ins_total{outcome="success"}). */
  signIns: number;
  /** Failed or refused sign-ins (hub_sign_ins_total{outcome!="success"}). */
  failures: number;
  /** Requests refused by a throttle rule (hub_throttle_refusals_total). */
  throttled: number;
  /** Mails sent (hub_mail_deliveries_total{outcome="sent"}). */
  delivered: number;
  /** Mean time from queueing to sending of the mails sent in the minute; null when none was. */
  latencyMs: number | null;
  /** The most mails seen pending in the outbox during the minute; null when it was not read. */
  backlog: number | null;
}

interface Slot {
  minute: number;
  signIns: number;
  failures: number;
  throttled: number;
  delivered: number;
  latencySumMs: number;
  backlog: number | null;
}

const ring: (Slot | undefined)[] = new Array(RECENT_MINUTES);

const slotAt = (now: number): Slot => {
  const minute = Math.floor(now / MINUTE_MS);
  const index = minute % RECENT_MINUTES;
  let slot = ring[index];
  if (slot?.minute !== minute) {
    slot = { minute, signIns: 0, failures: 0, throttled: 0, delivered: 0, latencySumMs: 0, backlog: null };
    ring[index] = slot;
  }
  return slot;
};

/** One more sign-in, sign-in failure or throttle refusal in the current minute. */
export const countRecent = (field: 'signIns' | 'failures' | 'throttled', now = Date.now()) => {
  slotAt(now)[field] += 1;
};

/** A mail sent, `latencyMs` after it was queued. */
export const recordRecentDelivery = (latencyMs: number, now = Date.now()) => {
  const slot = slotAt(now);
  slot.delivered += 1;
  slot.latencySumMs += Math.max(0, latencyMs);
};

/** The outbox's pending mails as read now: the minute keeps the most it saw. */
export const recordRecentBacklog = (pending: number, now = Date.now()) => {
  const slot = slotAt(now);
  slot.backlog = Math.max(slot.backlog ?? 0, pending);
};

/** The last RECENT_MINUTES minutes, oldest first, the current (partial) minute last. */
export const recentMinutes = (now = Date.now()): RecentMinute[] => {
  const current = Math.floor(now / MINUTE_MS);
  const minutes: RecentMinute[] = [];
  for (let minute = current - RECENT_MINUTES + 1; minute <= current; minute += 1) {
    const slot = ring[minute % RECENT_MINUTES];
    const live = slot?.minute === minute ? slot : undefined;
    minutes.push({
      at: minute * MINUTE_MS,
      signIns: live?.signIns ?? 0,
      failures: live?.failures ?? 0,
      throttled: live?.throttled ?? 0,
      delivered: live?.delivered ?? 0,
      latencyMs: live?.delivered ? Math.round(live.latencySumMs / live.delivered) : null,
      backlog: live?.backlog ?? null,
    });
  }
  return minutes;
};
