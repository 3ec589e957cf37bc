import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import { createThrottle } from './throttle.js';

/** How many of `attempts` consumes of one key pass before the first refusal. */
const passes = async (
  throttle: ReturnType<typeof createThrottle>,
  rule: 'lookupPerIp' | 'securityNoticePerAccount',
  attempts: number,
) => {
  let passed = 0;
  for (let i = 0; i < attempts; i += 1) {
    try {
      await throttle.consume(rule, 'key');
      passed += 1;
    } catch (error) {
      expect(error).toBeInstanceOf(HubError);
      expect((error as HubError).code).toBe('rate_limited');
      return passed;
    }
  }
  return passed;
};

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies an abuse limit but not the security notices a person is mailed', async () => {
    const now = () => Date.UTC(2026, 10, 28, 12);
    const scaled = createThrottle({ now, scale: 1000 });
    const lookupPoints = policy.throttle.lookupPerIp.points;
    expect(await passes(scaled, 'lookupPerIp', lookupPoints * 2)).toBe(lookupPoints * 2);
    expect(await passes(scaled, 'securityNoticePerAccount', 20)).toBe(
      policy.throttle.securityNoticePerAccount.points,
    );
    const plain = createThrottle({ now });
    expect(await passes(plain, 'lookupPerIp', lookupPoints * 2)).toBe(lookupPoints);
  });
});

describe('distinct counts in memory', () => {
  it('count each member once per group and window, and start again in a new window', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const throttle = createThrottle({ now: () => now });
    const hour = 3_600_000;
    const count = (group: string, member: string) => throttle.distinct('test_distinct', group, member, hour);
    expect(await count('10.0.0.0/24', 'a')).toBe(1);
    expect(await count('10.0.0.0/24', 'a')).toBe(1);
    expect(await count('10.0.0.0/24', 'b')).toBe(2);
    expect(await count('10.0.0.0/24', 'a')).toBe(2);
    expect(await count('10.0.0.0/24', 'c')).toBe(3);
    // Another group, and the same group under another name, count apart.
    expect(await count('10.0.1.0/24', 'a')).toBe(1);
    expect(await throttle.distinct('other_distinct', '10.0.0.0/24', 'z', hour)).toBe(1);
    now += hour;
    expect(await count('10.0.0.0/24', 'd')).toBe(1);
    expect(await count('10.0.0.0/24', 'a')).toBe(2);
  });

  it('count the same members after thousands of others, when the remembered keys have been dropped', async () => {
    const throttle = createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) });
    const hour = 3_600_000;
    const count = (member: string) => throttle.distinct('test_many', '10.0.0.0/24', member, hour);
    expect(await count('first')).toBe(1);
    for (let i = 0; i < 5_000; i += 1) await count(`member-${i}`);
    // Keyed again from scratch, the first member is still the one already counted.
    expect(await count('first')).toBe(5_001);
    expect(await count('member-0')).toBe(5_001);
    expect(await count('last')).toBe(5_002);
  });

  it('count exactly while their tables grow: a hundred thousand accounts from one bucket, a thousand from two', async () => {
    const throttle = createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) });
    const hour = 3_600_000;
    const accounts = (bucket: string, key: string) => throttle.distinct('test_grow', bucket, key, hour);
    const buckets = (key: string, bucket: string) => throttle.distinct('test_grow_back', key, bucket, hour);
    // Random ids as the hub makes them, and ids that differ in their last digits only.
    const ids = [
      ...Array.from({ length: 50_000 }, () => randomUUID()),
      ...Array.from(
        { length: 50_000 },
        (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      ),
    ];
    let counted = 0;
    for (const id of ids) counted = await accounts('10.0.0.0/24', id);
    expect(counted).toBe(100_000);
    expect(await accounts('10.0.0.0/24', ids[0]!)).toBe(100_000);
    expect(await accounts('10.0.0.0/24', ids[99_999]!)).toBe(100_000);
    expect(await accounts('10.0.1.0/24', ids[0]!)).toBe(1);
    const seen = [];
    for (const id of ids.slice(49_500, 50_500)) {
      seen.push(
        await buckets(id, '10.0.0.0/24'),
        await buckets(id, '10.0.1.0/24'),
        await buckets(id, '10.0.0.0/24'),
      );
    }
    expect(seen).toEqual(Array.from({ length: 1_000 }, () => [1, 2, 2]).flat());
  });

  it('count account ids, by their bytes, beside typed identifiers, as groups and as members', async () => {
    const throttle = createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) });
    const hour = 3_600_000;
    const accounts = (bucket: string, key: string) => throttle.distinct('test_accounts', bucket, key, hour);
    const buckets = (key: string, bucket: string) => throttle.distinct('test_buckets', key, bucket, hour);
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await accounts('10.0.0.0/24', first)).toBe(1);
    expect(await accounts('10.0.0.0/24', first.toUpperCase())).toBe(2);
    expect(await accounts('10.0.0.0/24', 'typed:email:nobody@example.ph')).toBe(3);
    expect(await accounts('10.0.0.0/24', second)).toBe(4);
    expect(await accounts('10.0.0.0/24', first)).toBe(4);
    expect(await buckets(first, '10.0.0.0/24')).toBe(1);
    expect(await buckets(first, '10.0.1.0/24')).toBe(2);
    expect(await buckets(second, '10.0.0.0/24')).toBe(1);
    expect(await buckets(first, '10.0.0.0/24')).toBe(2);
  });
});
