import { errorMessage } from '@hub/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadShed } from '../services/metrics.js';
import { createTestHub, type TestHub } from '../test-support/app.js';

/** Keeps the event loop busy: every turn spends `ms` in synchronous work, as a CPU-bound burst would. */
const hogEventLoop = (ms: number) => {
  const timer = setInterval(() => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy: nothing else runs on this thread meanwhile
    }
  }, 0);
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
    } finally {
      stopHog();
    }
    expect((await loadShed.get()).values[0]?.value ?? 0).toBeGreaterThan(shedBefore);

    await vi.waitFor(() => expect(hub.app.isUnderPressure()).toBe(false), { timeout: 20_000, interval: 50 });
    expect((await hub.app.inject('/api/social/providers')).statusCode).toBe(200);
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
