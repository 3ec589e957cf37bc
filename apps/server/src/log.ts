/**
 * The logger every part of the server writes to, handed in through its deps: Fastify's `app.log`
 * (pino) in a running hub, main's start-up logger before the app exists, an in-memory one in tests.
 * Server code never writes to the console itself, so every line is structured, carries its request
 * id where there is one, and goes through the log redaction.
 */
export interface HubLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** For a caller that has nowhere to write: a one-off tool, or a test that does not read the log. */
export const silentLog: HubLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Where pino writes: anything with a `write` of one line. */
export interface LineSink {
  write(line: string): unknown;
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '\x1b[90m' },
  20: { name: 'DEBUG', colour: '\x1b[36m' },
  30: { name: 'INFO ', colour: '\x1b[32m' },
  40: { name: 'WARN ', colour: '\x1b[33m' },
  50: { name: 'ERROR', colour: '\x1b[31m' },
  60: { name: 'FATAL', colour: '\x1b[41m' },
};
/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);
/** Requests waiting for their "request completed" line: one line per request, not two. */
const PENDING_LIMIT = 10_000;

const clock = (time: unknown) => {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return date.toISOString().slice(11, 23);
};

const valueText = (value: unknown): string => {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
};

/**
 * Local mode's readable log (log.ts `localLogSink`): pino's JSON lines turned into one line each,
 * `12:00:01.234 INFO  message key=value`. A request is one line when it completes (`GET /path 200
 * 3 ms`, Fastify's "incoming request" held back until then); a multi-line text (a dev mail's body)
 * is printed as its lines, indented; an error's stack likewise. A line that is not JSON passes as it is.
 */
export const createPrettySink = (out: LineSink, options: { colours: boolean }): LineSink => {
  const paint = (colour: string, text: string) => (options.colours ? `${colour}${text}\x1b[0m` : text);
  const pending = new Map<string, string>();
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return out.write(line.endsWith('\n') ? line : `${line}\n`);
      }
      const reqId = typeof record.reqId === 'string' ? record.reqId : undefined;
      const req = record.req as { method?: string; url?: string } | undefined;
      if (record.msg === 'incoming request' && reqId && req) {
        if (pending.size >= PENDING_LIMIT) pending.delete(pending.keys().next().value as string);
        pending.set(reqId, `${req.method ?? '?'} ${req.url ?? '?'}`);
        return true;
      }
      const level = LEVELS[Number(record.level)] ?? { name: String(record.level), colour: '' };
      let message = String(record.msg ?? '');
      if (record.msg === 'request completed' && reqId) {
        const request = pending.get(reqId) ?? 'request';
        pending.delete(reqId);
        const status = (record.res as { statusCode?: number } | undefined)?.statusCode;
        const took = typeof record.responseTime === 'number' ? ` ${record.responseTime.toFixed(1)} ms` : '';
        message = `${request} ${status ?? ''}${took}`;
      } else if (req?.url) {
        message = `${message} (${req.method ?? '?'} ${req.url})`;
      }
      const extra: string[] = [];
      const blocks: string[] = [];
      for (const [key, value] of Object.entries(record)) {
        if (SHOWN.has(key) || value === undefined) continue;
        if (typeof value === 'string' && value.includes('\n')) blocks.push(value);
        else if (key === 'err' && value && typeof value === 'object' && 'stack' in value)
          blocks.push(String((value as { stack: unknown }).stack));
        else extra.push(`${paint('\x1b[90m', `${key}=`)}${valueText(value)}`);
      }
      const head = `${paint('\x1b[90m', clock(record.time))} ${paint(level.colour, level.name)} ${message}`;
      const body = blocks.map((block) => `\n${block.replace(/^/gm, '    ')}`).join('');
      return out.write(`${[head, ...extra].join(' ')}${body}\n`);
    },
  };
};

/**
 * In local and development, at a terminal: the readable sink over stdout. Anywhere else (production,
 * a supervisor, a test reading the lines) undefined, and pino writes its JSON lines as it always did.
 */
export const localLogSink = (appEnv: string, out: LineSink = process.stdout): LineSink | undefined => {
  if (appEnv !== 'local' && appEnv !== 'development') return undefined;
  if (!process.stdout.isTTY) return undefined;
  return createPrettySink(out, { colours: !process.env.NO_COLOR });
};

const routeLevels = ['trace', 'debug', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * The log level of a route whose every request is routine (the web app's files, the favicon, the
 * dev mailbox's polling): at the default `info` its request lines are left out (`warn`: its
 * warnings and errors still show); at `debug` or `trace` they show; a quieter level stays as it is.
 */
export const routineRouteLogLevel = (log: { level: string }): (typeof routeLevels)[number] =>
  (routeLevels as readonly string[]).includes(log.level)
    ? (log.level as (typeof routeLevels)[number])
    : 'warn';
