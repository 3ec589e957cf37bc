import type { FastifyInstance } from 'fastify';

/** How long a draining process may take before it exits anyway (the cluster primary waits 15 s). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful shutdown on SIGTERM and SIGINT. `app.close()` first stops accepting connections and
 * waits for every request in flight to be answered (Fastify answers a request that arrives on a
 * kept-alive connection meanwhile with 503 and Connection: close, so the client retries elsewhere);
 * only then do the app's onClose hooks run, which stop the mail worker after the batch it is
 * sending and close Redis. The database is closed last, since those requests and that batch use it.
 * A process that does not drain within the grace period exits with 1.
 */
export const installGracefulShutdown = (options: {
  app: FastifyInstance;
  /** Closed after the app, in order: the database, the metrics listener. */
  closeAfter: Array<() => Promise<void>>;
  graceMs?: number;
}) => {
  const { app } = options;
  let closing = false;
  // Closing the listener ends the idle kept-alive connections, but not one whose request is still
  // running: once answered it would stay open, idle, until the client or the keep-alive timeout
  // closed it, and the drain would wait for it. An answer sent while draining closes its connection.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight and the mail worker');
    const force = setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, options.graceMs ?? SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      for (const close of options.closeAfter) await close();
      app.log.info('shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
};
