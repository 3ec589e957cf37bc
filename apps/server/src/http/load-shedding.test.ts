import { errorMessage } from '@hub/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadShed } from '../services/metrics.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { registerLoadShedding } from './load-shedding.js';

/** Holds the event loop for `ms` of synchronous work: nothing else runs on this thread meanwhile. */
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
};

/** Keeps the event loop busy: every turn spends `ms` in synchronous work, as a CPU-bound burst would. */
const hogEventLoop = (ms: number) => {
  const timer = setInterval(() => busyFor(ms), 0);
  return () => clearInterval(timer);
};

describe('load shedding', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await createTestHub('sqlite', { MAX_EVENT_LOOP_DELAY_MS: '50', WEB_DIST: '/nonexistent' });
  });
  afterAll(async () => hub?.close());

  it('answers 503 service.overloaded with Retry-After while the event loop lags, and serves again after', async () => {
    expect((await hub.app.inject('/api/social/providers')).statusCode).toBe(200);
    const shedBefore = (await loadShed.get()).values[0]?.value ?? 0;

    const stopHog = hogEventLoop(150);
    try {
      await vi.waitFor(() => expect(hub.app.isUnderPressure()).toBe(true), { timeout: 20_000, interval: 20 });
      const res = await hub.app.inject({
        url: '/api/social/providers',
        headers: { 'x-request-id': 'shed-1' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['x-request-id']).toBe('shed-1');
      expect(res.json()).toEqual({
        code: 'service.overloaded',
        message: errorMessage('service.overloaded'),
        retryAfter: 5,
      });
      // A busy process is still alive: the liveness probe is never shed.
      expect((await hub.app.inject('/healthz')).statusCode).toBe(200);
      expect((await hub.app.inject('/healthz?from=load-balancer')).statusCode).toBe(200);
    } finally {
      stopHog();
    }
    expect((await loadShed.get()).values[0]?.value ?? 0).toBeGreaterThan(shedBefore);

    await vi.waitFor(() => expect(hub.app.isUnderPressure()).toBe(false), { timeout: 20_000, interval: 50 });
    expect((await hub.app.inject('/api/social/providers')).statusCode).toBe(200);
  });

  it('does not shed after one stall alone, only after two slow samples in a row', async () => {
    // Samples every 200 ms here (a second in the hub), so that the test takes a second or two; a
    // limit of 150 ms that a busy test machine's own lag does not reach.
    const app = Fastify();
    registerLoadShedding(app, { maxEventLoopDelayMs: 150, sampleIntervalMs: 200 });
    app.get('/work', async () => ({ ok: true }));
    await app.ready();
    const served = async () => (await app.inject('/work')).statusCode;
    try {
      // A single 700 ms stall, as a module's first load is: the sample that sees it is slow, the
      // next ones are not.
      busyFor(700);
      for (let i = 0; i < 8; i++) {
        expect(app.isUnderPressure()).toBe(false);
        expect(await served()).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 70));
      }
      // A loop held turn after turn: shed once two samples in a row are slow.
      const stopHog = hogEventLoop(300);
      try {
        await vi.waitFor(() => expect(app.isUnderPressure()).toBe(true), { timeout: 10_000, interval: 20 });
        expect(await served()).toBe(503);
      } finally {
        stopHog();
      }
      await vi.waitFor(() => expect(app.isUnderPressure()).toBe(false), { timeout: 10_000, interval: 20 });
      expect(await served()).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is off with MAX_EVENT_LOOP_DELAY_MS=0', async () => {
    const off = await createTestHub('sqlite', { MAX_EVENT_LOOP_DELAY_MS: '0', WEB_DIST: '/nonexistent' });
    try {
      expect(off.app.hasDecorator('isUnderPressure')).toBe(false);
    } finally {
      await off.close();
    }
  });
});
