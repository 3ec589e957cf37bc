import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createPrettySink, localLogSink } from './log.js';

const capture = () => {
  const lines: string[] = [];
  const sink = createPrettySink({ write: (line: string) => lines.push(line) }, { colours: false });
  return { lines, log: pino({ level: 'info', base: undefined }, sink) };
};

describe('the local readable log', () => {
  it('writes one line per record: time, level, message, the other fields as key=value', () => {
    const { lines, log } = capture();
    log.info({ url: 'http://localhost:3000', env: 'local' }, 'Account Hub is listening');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}Account Hub is listening url=http:\/\/localhost:3000 env=local\n$/,
    );
  });

  it('makes one request line out of Fastify\u2019s two, when the request completes', () => {
    const { lines, log } = capture();
    log.info({ reqId: 'r1', req: { method: 'GET', url: '/api/x' } }, 'incoming request');
    expect(lines).toEqual([]);
    log.info({ reqId: 'r1', res: { statusCode: 204 }, responseTime: 3.14 }, 'request completed');
    expect(lines[0]).toMatch(/ INFO {2}GET \/api\/x 204 3\.1 ms\n$/);
  });

  it('prints a multi-line text (a dev mail) as its lines, indented, not with \\n escapes', () => {
    const { lines, log } = capture();
    log.info({ to: 'maria@example.ph', text: 'Account Hub\n\n    482913\n' }, 'dev mail to maria@example.ph');
    expect(lines[0]).toContain('dev mail to maria@example.ph to=maria@example.ph\n    Account Hub\n');
    expect(lines[0]).toContain('\n        482913\n');
    expect(lines[0]).not.toContain('\\n');
  });

  it('shows an error\u2019s stack and passes a line that is not JSON as it is', () => {
    const { lines, log } = capture();
    log.error({ err: new Error('boom') }, 'failed');
    expect(lines[0]).toMatch(/ ERROR failed\n {4}Error: boom\n {4}\s+at /);
    const raw: string[] = [];
    createPrettySink({ write: (line: string) => raw.push(line) }, { colours: false }).write('plain text');
    expect(raw).toEqual(['plain text\n']);
  });

  it('stays JSON outside local and development', () => {
    expect(localLogSink('production')).toBeUndefined();
    expect(localLogSink('sandbox')).toBeUndefined();
  });
});
