import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/storage/database.js';
import { createTestDatabaseUrl } from '../apps/server/src/test-support/database-url.js';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { type HubProcess, startHubProcess } from './support/hub-process.js';
import { freePort } from './support/process.js';

/**
 * The operations side of the built hub, as a real process: how it stops, what it logs, and what
 * its metrics listener says. The hub's own test suite covers each piece in process; here the
 * process boundary (signals, stdout, a second port, cluster workers) is the point.
 */

const PUBLIC_URL = 'http://localhost:4790';

const waitFor = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** The hub's JSON log lines (stdout); other output is skipped. */
const logLines = (hub: HubProcess): Array<Record<string, unknown>> =>
  hub
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A raw HTTP/1.1 exchange on its own socket, so the test decides when each byte of the body goes. */
const openRawRequest = async (url: string, head: string) => {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  socket.write(head);
  return { socket, closed, answer: () => answer };
};

const refusesConnections = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('graceful shutdown of a hub process', () => {
  let sink: SmtpSink;
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabaseUrl('sqlite');
  });
  afterAll(async () => {
    await sink?.stop();
    await database?.drop();
  });

  it('answers a request in flight at SIGTERM, sends its mail, then exits 0; the request id leads to its log lines and audit row', async () => {
    const hub = await startHubProcess({
      PUBLIC_URL,
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
    });
    const email = 'in-flight@example.ph';
    const body = JSON.stringify({ platform: 'psl', account: email });
    const half = Math.floor(body.length / 2);
    const requestId = 'drain-test-1';
    const exchange = await openRawRequest(
      hub.url,
      [
        'POST /api/signup/start HTTP/1.1',
        `Host: ${new URL(hub.url).host}`,
        `Origin: ${PUBLIC_URL}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        '',
        body.slice(0, half),
      ].join('\r\n'),
    );
    // The hub has the request (it logs each one as it arrives) but not yet all of its body.
    await waitFor(
      () => logLines(hub).some((line) => line.reqId === requestId && line.msg === 'incoming request'),
      'the hub to receive the request',
    );

    const exited = hub.stop();
    await waitFor(
      () => logLines(hub).some((line) => String(line.msg).startsWith('shutting down')),
      'the hub to start shutting down',
    );
    // No new connections once it drains; the one in flight stays open.
    await waitFor(() => refusesConnections(hub.url), 'the listener to close');
    expect(exchange.answer()).toBe('');

    exchange.socket.write(body.slice(half));
    const answer = await exchange.closed;
    const [statusLine] = answer.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 200 OK');
    expect(answer.toLowerCase()).toContain(`x-request-id: ${requestId}`);
    expect(answer).toContain('"next":"code"');

    // The mail worker sent the code that request queued before the process ended, and it ended well.
    expect(await exited, hub.logs()).toBe(0);
    expect(sink.messages.some((mail) => mail.envelope.to.includes(email))).toBe(true);

    // From the answer's X-Request-Id to the process's log lines and the audit row the request wrote.
    const lines = logLines(hub).filter((line) => line.reqId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    const db = openDatabase(database.url);
    try {
      const rows = await db.db
        .selectFrom('audit_events')
        .select(['event', 'request_id'])
        .where('request_id', '=', requestId)
        .execute();
      expect(rows).toEqual([{ event: 'signup.code_sent', request_id: requestId }]);
    } finally {
      await db.close();
    }
  });
});

const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { agent: false });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

/** `name{labels} value` lines of one scrape, summed over the label sets that contain `labels`. */
const sampleSum = (text: string, name: string, labels: string[] = []) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

describe('the metrics listener of a HUB_WORKERS hub', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let hub: HubProcess;
  let metricsUrl: string;
  const listening = () => hub.logs().split('Account Hub is listening').length - 1;

  beforeAll(async () => {
    database = await createTestDatabaseUrl('sqlite');
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    hub = await startHubProcess({
      PUBLIC_URL,
      DATABASE_URL: database.url,
      HUB_WORKERS: '2',
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
    });
    await waitFor(() => listening() === 2, 'both workers to listen');
  });
  afterAll(async () => {
    await hub?.stop();
    await database?.drop();
  });

  it('runs the minified bundle in each worker (bin/serve.cjs after npm run build)', () => {
    const builds = hub
      .logs()
      .split('\n')
      .filter((line) => line.includes('Account Hub is listening'))
      .map((line) => JSON.parse(line).build);
    expect(builds).toEqual(['bundle', 'bundle']);
  });

  it('adds up both workers’ metrics in the primary, on its own port', async () => {
    const scrape = async () => {
      const res = await fetch(metricsUrl);
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = await scrape();
    const requests = 12;
    // A connection each: the primary hands connections to its workers in turn, so each worker
    // serves half, and only a sum over both finds them all.
    for (let i = 0; i < requests; i += 1)
      expect(await getOnNewConnection(`${hub.url}/api/social/providers`)).toBe(200);
    const after = await scrape();
    const count = (text: string) =>
      sampleSum(text, 'hub_http_request_duration_seconds_count', [
        'route="/api/social/providers"',
        'status_code="200"',
      ]);
    expect(count(after) - count(before)).toBe(requests);
    // Per-process gauges are summed too: two workers, each with its own event loop and heap.
    expect(sampleSum(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after).toContain('hub_mail_outbox_pending');
    // The public port has no metrics.
    const publicAnswer = await fetch(`${hub.url}/metrics`);
    expect(await publicAnswer.text()).not.toContain('hub_http_request_duration_seconds');
  });
});
