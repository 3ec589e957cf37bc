import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry } from 'prom-client';
import { addMetricsSource, httpRequestDuration, metricsRegistry } from '../services/metrics.js';
import { recordRecentBacklog } from '../services/recent-metrics.js';
import type { HubDatabase } from '../storage/database.js';
import { outboxState } from '../storage/outbox.js';
import { webhookBacklog } from '../storage/webhooks.js';

// A worker of HUB_WORKERS answers the primary's requests for its metrics with this registry.
// prom-client starts listening for those requests when an AggregatorRegistry is made.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}

/**
 * Times every answer by its route pattern (never the raw URL: ids in paths would make a series per
 * request), and lets the metrics read this app's outbox and database pool at scrape time.
 */
export const registerMetrics = (app: FastifyInstance, deps: { database: HubDatabase; now: () => number }) => {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const { database, now } = deps;
  const remove = addMetricsSource({
    now,
    outbox: () => outboxState(database.db),
    pool: () => database.poolState?.(),
    webhooks: () => webhookBacklog(database.db),
  });
  // The console overview's backlog chart (services/recent-metrics.ts): the outbox read once a minute.
  const sampler = setInterval(() => {
    outboxState(database.db).then(
      (state) => recordRecentBacklog(state.pending),
      () => undefined,
    );
  }, 60_000);
  sampler.unref();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    remove();
  });
};

export interface MetricsServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * The metrics listener (METRICS_PORT): a plain HTTP server apart from the hub's public port, so a
 * load balancer that forwards the public port never exposes it. `aggregate`: this is the primary of
 * HUB_WORKERS, and each scrape asks every worker for its metrics and adds them up (counters and
 * histograms summed, the outbox gauges by their max), so one scrape sees the whole machine.
 */
export const startMetricsServer = async (options: {
  host: string;
  port: number;
  aggregate?: boolean;
}): Promise<MetricsServer> => {
  const aggregator = options.aggregate ? new AggregatorRegistry() : undefined;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    const read = aggregator ? aggregator.clusterMetrics() : metricsRegistry.metrics();
    read.then(
      (text) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        response.end(text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`metrics could not be collected: ${(error as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
