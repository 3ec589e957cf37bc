import type { Hub } from '../hub.js';
import { recentMinutes, recordRecentBacklog } from '../services/recent-metrics.js';
import { outboxState } from '../storage/outbox.js';

/**
 * The console's landing page (docs/console.md "Overview"): the last hour of this process's own
 * metrics a minute at a time, and the outbox as it is now (the one table every process shares).
 * A database fault is the usual 503: the overview reads the outbox like the metrics scrape does.
 */
export const consoleOverview = async (hub: Hub) => {
  const outbox = await outboxState(hub.db);
  const now = Date.now();
  recordRecentBacklog(outbox.pending, now);
  return {
    minutes: recentMinutes(now),
    outbox: {
      pending: outbox.pending,
      oldestAgeMs: outbox.oldestCreatedAt === null ? null : Math.max(0, hub.now() - outbox.oldestCreatedAt),
    },
    scope: 'process' as const,
  };
};
