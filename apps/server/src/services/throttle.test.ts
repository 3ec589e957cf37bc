import { randomUUID } from 'node:crypto';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import { limitSubject } from './client-address.js';
import { createThrottle } from './throttle.js';

/** The heap in use and the memory outside it after a full collection (no --expose-gc needed). */
const measureMemory = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return { heap: getHeapStatistics().used_heap_size, outside: process.memoryUsage().external };
};

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

describe('per-address limits', () => {
  it('take an IPv6 client by its /64, and an IPv4 client (mapped or not) by its address', () => {
    expect(limitSubject('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitSubject('2001:DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(limitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitSubject('::1')).toBe('0:0:0:0::/64');
    expect(limitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitSubject('198.51.100.7')).toBe('198.51.100.7');
    expect(limitSubject('::ffff:198.51.100.7')).toBe('198.51.100.7');
    // Keys that are not an address are their own subject.
    for (const key of ['account:0b7c', 'owner:1d2e', '2001:db8:1:2::/64', '198.51.100.0/24', 'x'])
      expect(limitSubject(key)).toBe(key);
  });

  it('refuse the 61st look-up of a minute from any address of one /64, and start again the next minute', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const throttle = createThrottle({ now: () => now });
    const points = policy.throttle.lookupPerIp.points;
    const lookUp = (ip: string) =>
      throttle.consume('lookupPerIp', ip).then(
        () => 'passed',
        (error: HubError) => `${error.code} ${error.retryAfter}`,
      );
    const answers = [];
    for (let i = 1; i <= points + 5; i += 1) answers.push(await lookUp(`2001:db8:5:6::${i.toString(16)}`));
    expect(answers.filter((a) => a === 'passed')).toHaveLength(points);
    expect(answers.slice(points)).toEqual(Array(5).fill('rate_limited 60'));
    expect(await lookUp('2001:db8:5:7::1')).toBe('passed');
    expect(await lookUp('198.51.100.7')).toBe('passed');
    now += 60_000;
    expect(await lookUp('2001:db8:5:6::ffff')).toBe('passed');
  });

  it('keep a counter in a few bytes outside the heap: 100,000 addresses cost the heap nothing', async () => {
    const throttle = createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) });
    const before = measureMemory();
    const addresses = 100_000;
    for (let i = 0; i < addresses; i += 1)
      await throttle.consume('lookupPerIp', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const after = measureMemory();
    const heapGrowth = after.heap - before.heap;
    const outsideGrowth = after.outside - before.outside;
    // rate-limiter-flexible's memory store held about 550 bytes and a timer on the heap a counter.
    expect(heapGrowth / addresses).toBeLessThan(4);
    // Twelve bytes a slot, at most three quarters full, in a table that doubles: 16 to 32 a counter.
    expect(outsideGrowth / addresses).toBeLessThan(40);
    expect(outsideGrowth / addresses).toBeGreaterThan(8);
  });
});
