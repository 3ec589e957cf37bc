import { authEndpoints } from '@hub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { extractCode, type SmtpSink, startSmtpSink } from '../test-support/smtp-sink.js';
import { type MetricsServer, startMetricsServer } from './metrics.js';

/** One scrape: every sample by `name{label="value",…}` with its labels in name order. */
type Scrape = Map<string, number>;

const sampleKey = (name: string, labels: Record<string, string> = {}) => {
  const pairs = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  return pairs.length ? `${name}{${pairs.map(([k, v]) => `${k}="${v}"`).join(',')}}` : name;
};

const parseScrape = (text: string): Scrape => {
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    samples.set(sampleKey(match[1]!, labels), Number(match[3]));
  }
  return samples;
};

describe('the metrics settings', () => {
  it('keeps the metrics listener off unless METRICS_PORT is set, and never on the public port', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError);
  });
});

describe.each(testDialects)('Prometheus metrics on %s', (dialect) => {
  let sink: SmtpSink;
  let hub: TestHub;
  let metrics: MetricsServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    hub = await createTestHub(dialect, { SMTP_URL: sink.url, WEB_DIST: '/nonexistent' });
    metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metrics?.close();
    await hub?.close();
    await sink?.stop();
  });

  const scrape = async (): Promise<Scrape> => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseScrape(await res.text());
  };
  const value = (scrape: Scrape, name: string, labels?: Record<string, string>) =>
    scrape.get(sampleKey(name, labels)) ?? 0;
  const moved = (before: Scrape, after: Scrape, name: string, labels?: Record<string, string>) =>
    value(after, name, labels) - value(before, name, labels);

  it('is served on its own listener only: the public app does not answer /metrics', async () => {
    const publicAnswer = await hub.app.inject('/metrics');
    expect(publicAnswer.statusCode).not.toBe(200);
    expect(publicAnswer.body).not.toContain('hub_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
  });

  it('moves every named metric during a sign-up and a login', async () => {
    const email = `metrics-${dialect}@example.ph`;
    const b = browserFor(hub, '198.18.0.1');
    const before = await scrape();

    // Sign-up: the code is queued in the outbox, a first delivery fails, the second one is sent.
    const started = await b.post(authEndpoints.signupStart, { platform: 'psl', account: email });
    expect(started.statusCode).toBe(200);
    const flowId = started.json().flowId as string;
    hub.clock.advance(30_000);
    const queued = await scrape();
    expect(value(queued, 'hub_mail_outbox_pending')).toBeGreaterThan(0);
    expect(value(queued, 'hub_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(30);
    sink.setDown(true);
    expect(await hub.mailWorker.runOnce()).toMatchObject({ retried: 1 });
    sink.setDown(false);
    // The first retry waits 5 s and a little jitter.
    hub.clock.advance(10_000);
    const after = sink.messages.length;
    expect(await hub.mailWorker.runOnce()).toMatchObject({ sent: 1 });
    const code = extractCode(await sink.waitFor(email, { after }));
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await b.post(authEndpoints.signupVerify, { flowId, code: wrongCode })).statusCode).toBe(400);
    expect((await b.post(authEndpoints.signupVerify, { flowId, code })).statusCode).toBe(200);
    const finalized = await b.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(finalized.statusCode).toBe(200);

    // Login: a wrong password, then the right one.
    const login = async (password: string) => {
      const identified = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
      return b.post(authEndpoints.loginPassword, { flowId: identified.json().flowId, password });
    };
    expect((await login('Not-the-password-1')).statusCode).toBe(401);
    expect((await login(strongPassword)).statusCode).toBe(200);

    // A client that looks up too many accounts is refused by the lookup rule.
    const greedy = browserFor(hub, '198.18.0.2');
    let refused = 0;
    for (let i = 0; i < 61; i += 1) {
      const res = await greedy.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: `x${i}@example.ph`,
      });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);

    const done = await scrape();
    const request = (route: string, status: number, method = 'POST') => ({
      method,
      route,
      status_code: String(status),
    });
    const duration = 'hub_http_request_duration_seconds_count';
    expect(moved(before, done, duration, request(authEndpoints.signupStart, 200))).toBe(1);
    expect(moved(before, done, duration, request(authEndpoints.loginPassword, 401))).toBe(1);
    expect(moved(before, done, duration, request(authEndpoints.loginPassword, 200))).toBe(1);
    expect(moved(before, done, duration, request(authEndpoints.loginIdentify, 429))).toBe(refused);
    expect(moved(before, done, 'hub_sign_ups_total', { method: 'email', outcome: 'success' })).toBe(1);
    expect(moved(before, done, 'hub_sign_ins_total', { method: 'password', outcome: 'success' })).toBe(1);
    expect(moved(before, done, 'hub_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(1);
    const codes = 'hub_verification_codes_total';
    expect(moved(before, done, codes, { flow: 'signup', outcome: 'sent' })).toBe(1);
    expect(moved(before, done, codes, { flow: 'signup', outcome: 'failed' })).toBe(1);
    expect(moved(before, done, codes, { flow: 'signup', outcome: 'verified' })).toBe(1);
    expect(moved(before, done, 'hub_mail_deliveries_total', { outcome: 'retried' })).toBe(1);
    expect(moved(before, done, 'hub_mail_deliveries_total', { outcome: 'sent' })).toBe(1);
    expect(moved(before, done, 'hub_throttle_refusals_total', { rule: 'lookup_ip' })).toBe(refused);
    expect(value(done, 'hub_mail_outbox_pending')).toBe(0);
    expect(value(done, 'hub_mail_outbox_oldest_age_seconds')).toBe(0);
    expect(moved(before, done, 'hub_password_hash_wait_seconds_count', { operation: 'hash' })).toBe(1);
    expect(moved(before, done, 'hub_password_hash_duration_seconds_count', { operation: 'hash' })).toBe(1);
    expect(moved(before, done, 'hub_password_hash_duration_seconds_count', { operation: 'verify' })).toBe(2);
    expect(
      moved(before, done, 'hub_password_hash_duration_seconds_sum', { operation: 'verify' }),
    ).toBeGreaterThan(0);
    if (dialect === 'postgres') {
      expect(value(done, 'hub_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(done.has(sampleKey('hub_db_pool_connections', { state: 'waiting' }))).toBe(true);
    }
    expect(done.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(value(done, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  });
});
