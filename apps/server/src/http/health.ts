import type { FastifyInstance } from 'fastify';
import type { HubDatabase } from '../storage/database.js';

/**
 * How long /readyz waits for the database before it answers 503 anyway: under the 1 s that a
 * Kubernetes readiness probe or a load balancer's health check waits by default.
 */
export const READY_CHECK_MS = 800;

/** What /readyz answers. `lastAnswer` is there when the check did not finish in time. */
export interface Readiness {
  status: 'ready' | 'unavailable';
  database: HubDatabase['dialect'];
  /** The check did not finish within READY_CHECK_MS: the database is slow, silent or dropping packets. */
  timedOut?: true;
  /** The last check that did finish: its outcome and how long ago, in milliseconds. */
  lastAnswer?: { status: 'ready' | 'unavailable'; ageMs: number };
}

/**
 * /healthz: the process lives (no I/O, answered at once). /readyz: and its database answers, within
 * READY_CHECK_MS whatever the database does. Probes share one check in flight: while the database is
 * silent, a probe a second does not pile a query a second onto the pool; each waits for the same
 * check for at most READY_CHECK_MS and then answers 503 with the last finished check and its age.
 */
export const registerHealthRoutes = (
  app: FastifyInstance,
  database: HubDatabase,
  options: { checkMs?: number; now?: () => number } = {},
) => {
  const checkMs = options.checkMs ?? READY_CHECK_MS;
  const now = options.now ?? Date.now;
  let last: { ready: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;

  const check = (): Promise<boolean> => {
    if (!inFlight) {
      const current = database.ping().then(
        (ready) => {
          last = { ready, at: now() };
          return ready;
        },
        () => {
          last = { ready: false, at: now() };
          return false;
        },
      );
      inFlight = current;
      void current.finally(() => {
        if (inFlight === current) inFlight = undefined;
      });
    }
    return inFlight;
  };

  /** The check's outcome, or undefined when it did not finish within checkMs. */
  const boundedCheck = (): Promise<boolean | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), checkMs);
    });
    return Promise.race([check(), late]).finally(() => clearTimeout(timer));
  };

  app.get('/healthz', { schema: { errors: [] } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { schema: { errors: [] } }, async (_request, reply) => {
    const ready = await boundedCheck();
    const body: Readiness = {
      status: ready ? 'ready' : 'unavailable',
      database: database.dialect,
    };
    if (ready === undefined) {
      body.timedOut = true;
      if (last) body.lastAnswer = { status: last.ready ? 'ready' : 'unavailable', ageMs: now() - last.at };
    }
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
