import { expect, vi } from 'vitest';

/**
 * Runs `run` while console[level] is captured, then asserts that a line matching `expected` was
 * written. What a test causes on purpose (a provider outage, a refused profile) is still logged for
 * operators, but the test checks the line instead of printing it among passing tests, so the output
 * of a run shows only what nobody expected.
 */
export const expectingConsole = async <T>(
  level: 'info' | 'warn' | 'error',
  expected: RegExp,
  run: () => Promise<T>,
): Promise<T> => {
  const spy = vi.spyOn(console, level).mockImplementation(() => {});
  try {
    return await run();
  } finally {
    const lines = spy.mock.calls.map((call) => String(call[0]));
    spy.mockRestore();
    expect(lines).toContainEqual(expect.stringMatching(expected));
  }
};
