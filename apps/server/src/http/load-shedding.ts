import { monitorEventLoopDelay } from 'node:perf_hooks';
import { errorMessage } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import { loadShed } from '../services/metrics.js';

/** Seconds a shed caller is asked to wait: long enough for a burst to pass, short for a person. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/** How often the lag is sampled by default (ms). */
const SAMPLE_INTERVAL_MS = 1000;
/** The histogram's timer (ms): what a lag smaller than it reads as. */
const RESOLUTION_MS = 10;
/** Samples in a row over the limit before requests are shed: one stall alone is not an overload. */
const SLOW_SAMPLES_TO_SHED = 2;

declare module 'fastify' {
  interface FastifyInstance {
    /** True while this process sheds new requests (load shedding on). */
    isUnderPressure(): boolean;
  }
}

/**
 * Load shedding: when this process's event loop lags more than `maxEventLoopDelayMs` on average
 * in two samples in a row (one a second), new requests are answered at once with 503
 * service.overloaded and Retry-After, instead of queueing behind the work already late. A load
 * balancer then sends them elsewhere, and the requests already accepted finish sooner. A single
 * slow second is not shed: one synchronous stall (a module loaded on first use, a large
 * garbage collection) is over by the time it is measured, and shedding after it would refuse a
 * second of requests that a process no longer busy would answer at once. /healthz is never shed:
 * the process is alive, and an orchestrator must not restart it for being busy. 0 turns it off.
 */
export const registerLoadShedding = (
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; sampleIntervalMs?: number },
) => {
  if (options.maxEventLoopDelayMs <= 0) return;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lagMs = 0;
  let slowSamples = 0;
  const sample = () => {
    // No sample at all: the loop was held for the whole interval.
    lagMs = Number.isNaN(histogram.mean)
      ? Number.POSITIVE_INFINITY
      : Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
    histogram.reset();
    slowSamples = lagMs > options.maxEventLoopDelayMs ? slowSamples + 1 : 0;
  };
  const sampleIntervalMs = options.sampleIntervalMs ?? SAMPLE_INTERVAL_MS;
  const timer = setInterval(sample, sampleIntervalMs);
  timer.unref();
  const underPressure = () => slowSamples >= SLOW_SAMPLES_TO_SHED;
  app.decorate('isUnderPressure', underPressure);
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    histogram.disable();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The route, not the URL: a probe that adds a query string (`/healthz?from=lb`) is exempt too.
    if (!underPressure() || request.routeOptions.url === '/healthz') return done();
    loadShed.inc();
    // A loop held for a whole interval has no sample: logged as the interval, the least it lagged.
    const eventLoopDelay = Number.isFinite(lagMs) ? lagMs : sampleIntervalMs;
    request.log.warn({ eventLoopDelay, slowSamples }, 'load shed: event loop lagging');
    reply
      .status(503)
      .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send({
        code: 'service.overloaded',
        message: errorMessage('service.overloaded'),
        retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      });
  });
};
