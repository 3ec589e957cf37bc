import { expect } from 'vitest';
import type { TestHub } from './app.js';

/** One line of the app's log as pino writes it. */
export interface LogRecord {
  level: number;
  msg: string;
  [detail: string]: unknown;
}

const pinoLevels = { info: 30, warn: 40, error: 50 } as const;

/**
 * Runs `run`, then asserts that the app logged a line at `level` whose message matches `expected`
 * and that carries `details`. What a test causes on purpose (a provider outage, a refused profile)
 * is still logged for operators; the test checks the line through the injected logger (a hub built
 * with `captureLog`) instead of spying on the console.
 */
export const expectingLog = async <T>(
  hub: TestHub,
  level: keyof typeof pinoLevels,
  expected: RegExp,
  details: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> => {
  if (!hub.logLines) throw new Error('build the test hub with captureLog to read its log');
  const from = hub.logLines.length;
  try {
    return await run();
  } finally {
    expect(hub.logLines.slice(from)).toContainEqual(
      expect.objectContaining({ level: pinoLevels[level], msg: expect.stringMatching(expected), ...details }),
    );
  }
};
