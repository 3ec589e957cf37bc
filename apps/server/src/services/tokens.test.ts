import { describe, expect, it } from 'vitest';
import { randomToken, timeOrderedToken } from './tokens.js';

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

describe('timeOrderedToken (row keys that are secrets: flow ids, ainfo jtis)', () => {
  it('starts with its time, so keys sort as they were made, whatever their random part', () => {
    const now = Date.UTC(2026, 10, 25);
    const times = [0, 1, 35, 36, 1_000, now, now + 1, Date.UTC(2100, 0, 1)];
    const keys = times.map((t) => timeOrderedToken(t));
    expect([...keys].sort()).toEqual(keys);
    expect(keys.map((k) => Number.parseInt(k.slice(0, 9), 36))).toEqual(times);
  });

  it('keeps every random byte of the token after the time, URL-safe and within a flow id’s pattern', () => {
    const key = timeOrderedToken(Date.UTC(2026, 10, 25));
    expect(key).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(key.slice(9), 'base64url')).toHaveLength(24);
    expect(timeOrderedToken(Date.UTC(2026, 10, 25), 16)).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{22}$/);
  });

  it('differs between two keys of the same millisecond', () => {
    const keys = Array.from({ length: 1000 }, () => timeOrderedToken(1_800_000_000_000));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
