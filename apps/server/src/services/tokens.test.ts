import { describe, expect, it } from 'vitest';
import { randomToken } from './tokens.js';

describe('randomToken (bytes drawn from a pool of the CSPRNG)', () => {
  it('gives the asked number of bytes, URL-safe', () => {
    for (const bytes of [1, 16, 24, 32, 64]) {
      const token = randomToken(bytes);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(bytes);
    }
  });

  it('never hands the same bytes out twice, across many refills of the pool', () => {
    // 24-byte tokens do not divide 4 KiB: the pool is refilled at every kind of offset.
    const tokens = Array.from({ length: 2000 }, () => randomToken(24));
    expect(new Set(tokens).size).toBe(tokens.length);
    const bytes = Buffer.concat(tokens.map((t) => Buffer.from(t, 'base64url')));
    // Random bytes: every value turns up, none far more than its share (48,000 bytes, 187.5 each).
    const counts = new Array(256).fill(0);
    for (const b of bytes) counts[b] += 1;
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(300);
  });

  it('refuses more bytes than the pool holds', () => {
    expect(() => randomToken(4097)).toThrow(RangeError);
  });
});
