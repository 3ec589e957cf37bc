import { connect } from 'node:net';

/** The Redis the tests share (each test under a key prefix of its own; never flushed). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something accepts a TCP connection at the URL's host and port within a second. */
export const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/** Tests that need PostgreSQL and Redis together run only when both are there. */
export const postgresAndRedisReachable = async () =>
  Boolean(process.env.TEST_DATABASE_URL) && (await reachable(testRedisUrl));
