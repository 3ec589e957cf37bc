import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/** PostgreSQL's ReadyForQuery message: the server has answered a query completely. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Bytes held back while the proxy is paused, each way. */
  toUpstream: Buffer[];
  toClient: Buffer[];
  /** Set once this connection sent the query a `cutAfterAnswerTo` waits for. */
  armed: boolean;
}

/**
 * A TCP proxy of the test's own between the hub and PostgreSQL, to make the network faults a
 * shared server must never be put through: a silent network (pause), a cut, and a cut at an exact
 * point of a transaction. It listens on a free loopback port.
 */
export interface TcpProxy {
  readonly port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /**
   * Forwards nothing, either way, until `resume`: as packets dropped on the way. New connections
   * are accepted and wait too. Nothing is lost: held bytes go on at `resume`.
   */
  pause(): void;
  resume(): void;
  /** Ends every connection now, at both ends. The proxy goes on accepting new ones. */
  cut(): void;
  /**
   * Arms a one-shot cut: on the connection whose next query contains `queryText`, the server's
   * full answer (up to ReadyForQuery) is swallowed and the connection is cut at both ends, so the
   * server has run the statement and the client never hears of it. Resolves once it happened.
   */
  cutAfterAnswerTo(queryText: string): Promise<void>;
  /** Connections open through the proxy now. */
  readonly connections: number;
  close(): Promise<void>;
}

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const pairs = new Set<Pair>();
  let paused = false;
  let trigger: { text: string; armed: boolean; done: () => void } | undefined;

  const end = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const openUpstream = (pair: Pair) => {
    const upstream = tcpConnect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      if (pair.armed) {
        if (chunk.includes(READY_FOR_QUERY)) {
          pair.armed = false;
          end(pair);
          const fired = trigger;
          trigger = undefined;
          fired?.done();
        }
        return;
      }
      if (paused) pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    upstream.on('error', () => end(pair));
    upstream.on('close', () => end(pair));
    for (const chunk of pair.toUpstream.splice(0)) upstream.write(chunk);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: undefined, toUpstream: [], toClient: [], armed: false };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (trigger && !trigger.armed && chunk.includes(trigger.text)) {
        trigger.armed = true;
        pair.armed = true;
      }
      if (paused || !pair.upstream) pair.toUpstream.push(chunk);
      else pair.upstream.write(chunk);
    });
    client.on('error', () => end(pair));
    client.on('close', () => end(pair));
    if (!paused) openUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const pair of pairs) {
        if (!pair.upstream) openUpstream(pair);
        else for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    cut() {
      for (const pair of [...pairs]) end(pair);
    },
    cutAfterAnswerTo(queryText) {
      if (trigger) throw new Error('a cut is armed already');
      return new Promise<void>((done) => {
        trigger = { text: queryText, armed: false, done };
      });
    },
    get connections() {
      return pairs.size;
    },
    async close() {
      for (const pair of [...pairs]) end(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
