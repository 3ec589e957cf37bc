import underPressure from '@fastify/under-pressure';
import { errorMessage } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import { loadShed } from '../services/metrics.js';

/** Seconds a shed caller is asked to wait: long enough for a burst to pass, short for a person. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding: when this process's event loop lags more than `maxEventLoopDelayMs` on average
 * (sampled every second), new requests are answered at once with 503 service.overloaded and
 * Retry-After, instead of queueing behind the work already late. A load balancer then sends them
 * elsewhere, and the requests already accepted finish sooner. /healthz is never shed: the process
 * is alive, and an orchestrator must not restart it for being busy. 0 turns it off.
 */
export const registerLoadShedding = async (
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; sampleIntervalMs?: number },
) => {
  if (options.maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    ...(options.sampleIntervalMs ? { sampleInterval: options.sampleIntervalMs } : {}),
    pressureHandler: (request, reply) => {
      if (request.url === '/healthz') return undefined;
      loadShed.inc();
      request.log.warn({ eventLoopDelay: app.memoryUsage().eventLoopDelay }, 'load shed: event loop lagging');
      reply
        .status(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store');
      // under-pressure sends what the handler returns (its types say void; its code sends a value).
      return {
        code: 'service.overloaded',
        message: errorMessage('service.overloaded'),
        retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      } as unknown as undefined;
    },
  });
};
