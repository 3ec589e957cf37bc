import type { FastifyInstance } from 'fastify';

/** How long a draining process may take before it exits anyway (the cluster primary waits 15 s). */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Log output held for a pipe nobody reads before further lines are dropped. */
export const MAX_PENDING_OUTPUT_BYTES = 1024 * 1024;

const ignore = () => {};

/**
 * Where the hub's log lines go (pino's stream): stdout, written so that nothing its reader does can
 * stop the process. pino's default stream (sonic-boom) writes fd 1 itself: asynchronously through
 * libuv's thread pool, where a write to a full pipe that nobody reads blocks a pool thread that the
 * process's exit then waits for (joins) for ever; and synchronously at exit (its exit hook flushes),
 * where the same full pipe answers EAGAIN and sonic-boom sleeps and retries for ever. Either way the
 * process sits on a futex after SIGTERM and its forced exit never happens. Node's own stdout for a
 * pipe writes without blocking (libuv waits for the pipe to be writable on the event loop) and never
 * touches the thread pool, so an exit never waits for it. Here:
 *
 * - a reader that closed its end (EPIPE) is ignored: the lines are lost, the process goes on;
 * - a reader that stopped reading holds at most MAX_PENDING_OUTPUT_BYTES; later lines are dropped
 *   until the pipe drains, so the memory stays bounded.
 *
 * A file or a terminal as stdout is written as Node writes them (synchronously); neither fills up.
 */
export const logOutput = (out: NodeJS.WriteStream = process.stdout) => {
  out.on('error', ignore);
  return {
    write(line: string) {
      if (!out.destroyed && out.writableLength < MAX_PENDING_OUTPUT_BYTES) out.write(line);
      return true;
    },
  };
};

/**
 * Makes writes to stdout and stderr that fail with EPIPE (a reader that went away) harmless. Without
 * a listener, Node raises the stream's 'error' as an uncaught exception in the middle of whatever
 * wrote: a shutdown would end with a crash instead of its exit code.
 */
export const tolerateClosedOutput = () => {
  process.stdout.on('error', ignore);
  process.stderr.on('error', ignore);
};

/**
 * Graceful shutdown on SIGTERM and SIGINT. `app.close()` first stops accepting connections and
 * waits for every request in flight to be answered (Fastify answers a request that arrives on a
 * kept-alive connection meanwhile with 503 and Connection: close, so the client retries elsewhere);
 * only then do the app's onClose hooks run, which stop the mail worker after the batch it is
 * sending and close Redis. The database is closed last, since those requests and that batch use it.
 * A process that does not drain within the grace period exits with 1, whatever its output pipes do
 * (logOutput).
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
    // Not unref'd: once shutdown has begun, nothing may keep the process from ending by its deadline.
    // No log write can hold the event loop (logOutput), so this timer fires.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, options.graceMs ?? SHUTDOWN_GRACE_MS);
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
