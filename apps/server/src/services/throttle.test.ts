import { randomUUID } from 'node:crypto';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import { reachable, testRedisUrl } from '../test-support/redis.js';
import { limitSubject } from './client-address.js';
import { createThrottle } from './throttle.js';

/**
 * The heap in use and the memory outside it after full collections (no --expose-gc needed). V8
 * frees the memory of dropped typed arrays on a helper thread after a collection, so this collects
 * and waits until what is outside the heap stops moving.
 */
const measureMemory = async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let outside = Number.NaN;
  for (let i = 0; i < 20; i += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = process.memoryUsage().external;
    if (now === outside) break;
    outside = now;
  }
  return { heap: getHeapStatistics().used_heap_size, outside };
};

const redisThere = await reachable(testRedisUrl);

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

const hour = 3_600_000;
const names = { left: 'test_left', right: 'test_right' };

/** Notes a pair; answers [the left's distinct rights, the right's distinct lefts]. */
const noter =
  (throttle: ReturnType<typeof createThrottle>, pairNames = names) =>
  async (left: string, right: string) => {
    const counts = await throttle.distinctPair(pairNames, left, right, hour);
    return [counts.ofLeft, counts.ofRight];
  };

const opened: Redis[] = [];
afterAll(async () => {
  await Promise.all(opened.map((redis) => redis.quit()));
});

/** The same notes on every store: this process's tables, and Redis (shared by hub processes) when it is there. */
const stores = [
  { store: 'memory', throttle: (now: () => number) => createThrottle({ now }) },
  {
    store: 'Redis',
    throttle: (now: () => number) => {
      const redis = new Redis(testRedisUrl);
      opened.push(redis);
      return createThrottle({ now, redis, keyPrefix: `test:${randomUUID()}:` });
    },
  },
];

/** Notes of bucket and account, and what each answers: [the bucket's accounts, the account's buckets]. */
const pairs = [
  ['10.0.0.0/24', 'a'],
  ['10.0.0.0/24', 'a'],
  ['10.0.0.0/24', 'b'],
  ['10.0.1.0/24', 'a'],
  ['10.0.0.0/24', 'a'],
  ['10.0.1.0/24', 'a'],
  ['10.0.2.0/24', 'a'],
  ['10.0.1.0/24', 'c'],
  ['10.0.0.0/24', 'c'],
] as const;
const pairCounts = [
  [1, 1],
  [1, 1],
  [2, 1],
  [1, 2], // a's second bucket
  [2, 2],
  [1, 2],
  [1, 3],
  [2, 1],
  [3, 2],
];

describe.each(stores)('distinct pairs ($store)', ({ store, throttle: throttleOn }) => {
  it.skipIf(store === 'Redis' && !redisThere)(
    'count both ways from one note, each pair once a window, and start again in a new window',
    async () => {
      let now = Date.UTC(2026, 10, 28, 12);
      const throttle = throttleOn(() => now);
      const note = noter(throttle);
      const seen = [];
      for (const [left, right] of pairs) seen.push(await note(left, right));
      expect(seen).toEqual(pairCounts);
      // The same pair under other names counts apart.
      expect(await noter(throttle, { left: 'other_left', right: 'other_right' })('10.0.0.0/24', 'a')).toEqual(
        [1, 1],
      );
      now += hour;
      expect(await note('10.0.0.0/24', 'd')).toEqual([1, 1]);
      expect(await note('10.0.0.0/24', 'a')).toEqual([2, 1]);
    },
  );

  it.skipIf(store === 'Redis' && !redisThere)(
    'answer a look at a pair as its note would, and keep nothing of the look',
    async () => {
      let now = Date.UTC(2026, 10, 28, 12);
      const throttle = throttleOn(() => now);
      const note = noter(throttle);
      const peek = async (left: string, right: string) => {
        const counts = await throttle.peekPair(names, left, right, hour);
        return [counts.ofLeft, counts.ofRight];
      };
      // Before anything is noted in the window, and a look does not begin it.
      expect(await peek('10.0.0.0/24', 'a')).toEqual([1, 1]);
      const looks = [];
      const notes = [];
      for (const [left, right] of pairs) {
        looks.push(await peek(left, right));
        // Looks at pairs never noted, in between: refused attempts, say.
        for (let i = 0; i < 3; i += 1) {
          await peek(left, `never-${i}`);
          await peek(`10.9.${i}.0/24`, right);
        }
        notes.push(await note(left, right));
      }
      expect(looks).toEqual(notes);
      expect(notes).toEqual(pairCounts);
      expect(await peek('10.0.0.0/24', 'never-0')).toEqual([4, 1]);
      expect(await peek('10.9.0.0/24', 'a')).toEqual([1, 4]);
      now += hour;
      expect(await peek('10.0.0.0/24', 'a')).toEqual([1, 1]);
    },
  );
});

describe('distinct pairs in memory', () => {
  it('count the same pairs after thousands of others, when the remembered keys have been dropped', async () => {
    const note = noter(createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) }));
    expect(await note('10.0.0.0/24', 'first')).toEqual([1, 1]);
    for (let i = 0; i < 5_000; i += 1) await note('10.0.0.0/24', `member-${i}`);
    // Keyed again from scratch, the first member is still the one already counted.
    expect(await note('10.0.0.0/24', 'first')).toEqual([5_001, 1]);
    expect(await note('10.0.0.0/24', 'member-0')).toEqual([5_001, 1]);
    expect(await note('10.0.0.1/24', 'member-0')).toEqual([1, 2]);
    expect(await note('10.0.0.0/24', 'last')).toEqual([5_002, 1]);
  });

  it('count exactly while their tables grow: a hundred thousand accounts from one bucket, a thousand from two', async () => {
    const note = noter(createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) }));
    // Random ids as the hub makes them, and ids that differ in their last digits only.
    const ids = [
      ...Array.from({ length: 50_000 }, () => randomUUID()),
      ...Array.from(
        { length: 50_000 },
        (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      ),
    ];
    let counted: number[] = [];
    for (const id of ids) counted = await note('10.0.0.0/24', id);
    expect(counted).toEqual([100_000, 1]);
    expect(await note('10.0.0.0/24', ids[0]!)).toEqual([100_000, 1]);
    expect(await note('10.0.0.0/24', ids[99_999]!)).toEqual([100_000, 1]);
    const seen = [];
    for (const id of ids.slice(49_500, 50_500)) {
      seen.push(
        await note('10.0.1.0/24', id),
        await note('10.0.0.0/24', id),
        await note('10.0.1.0/24', id),
        await note('10.0.2.0/24', id),
      );
    }
    expect(seen).toEqual(
      Array.from({ length: 1_000 }, (_, i) => [
        [i + 1, 2],
        [100_000, 2],
        [i + 1, 2],
        [i + 1, 3],
      ]).flat(),
    );
  });

  it('count account ids, by their bytes, beside typed identifiers, as lefts and as rights', async () => {
    const note = noter(createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) }));
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await note('10.0.0.0/24', first)).toEqual([1, 1]);
    expect(await note('10.0.0.0/24', first.toUpperCase())).toEqual([2, 1]);
    expect(await note('10.0.0.0/24', 'typed:email:nobody@example.ph')).toEqual([3, 1]);
    expect(await note('10.0.0.0/24', second)).toEqual([4, 1]);
    expect(await note('10.0.1.0/24', first)).toEqual([1, 2]);
    expect(await note(second, first)).toEqual([1, 3]);
    expect(await note('10.0.0.0/24', first)).toEqual([4, 3]);
  });

  it('hold an account tried from one bucket in one slot of 20 bytes, outside the heap, and no pair', async () => {
    const note = noter(createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) }));
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    await note('10.0.0.0/24', randomUUID());
    const before = await measureMemory();
    for (const id of ids) await note('10.0.0.0/24', id);
    const after = await measureMemory();
    // 262,144 slots of 20 bytes (the table doubles at three quarters full) for 100,000 accounts:
    // 52 bytes an account, where the two-way tables of before took 73 (two pairs of 8 and a count of 12).
    expect((after.outside - before.outside) / ids.length).toBeLessThan(53);
    expect((after.outside - before.outside) / ids.length).toBeGreaterThan(10);
    expect((after.heap - before.heap) / ids.length).toBeLessThan(4);
    // The counts are still in use (a collection before `after` could otherwise take them whole).
    expect(await note('10.0.0.0/24', ids[0]!)).toEqual([100_001, 1]);
  });
});

describe.each(stores)('once ($store)', ({ store, throttle: throttleOn }) => {
  it.skipIf(store === 'Redis' && !redisThere)('takes a key once within its time', async () => {
    const ttl = 5 * 60_000;
    // Just before a window's end: a second use in the next window is still refused.
    let now = Date.UTC(2026, 10, 28, 12) + ttl - 1_000;
    const throttle = throttleOn(() => now);
    expect(await throttle.once('test_once', 'signature-a', ttl)).toBe(true);
    expect(await throttle.once('test_once', 'signature-a', ttl)).toBe(false);
    expect(await throttle.once('test_once', 'signature-b', ttl)).toBe(true);
    expect(await throttle.once('other_once', 'signature-a', ttl)).toBe(true);
    now += 2_000;
    expect(await throttle.once('test_once', 'signature-a', ttl)).toBe(false);
    expect(await throttle.once('test_once', 'signature-c', ttl)).toBe(true);
    // Past its time (what is taken once has expired by then) a key is new again in memory; Redis
    // forgets it by its own clock.
    now += ttl + 2_000;
    if (store === 'memory') expect(await throttle.once('test_once', 'signature-a', ttl)).toBe(true);
    expect(await throttle.once('test_once', 'signature-c', ttl)).toBe(false);
  });
});

describe('looks at distinct pairs in memory', () => {
  it('keep nothing: a hundred thousand looks at accounts never noted cost no memory', async () => {
    const throttle = createThrottle({ now: () => Date.UTC(2026, 10, 28, 12) });
    const note = noter(throttle);
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    await note('10.0.0.0/24', randomUUID());
    const before = await measureMemory();
    let counts = { ofLeft: 0, ofRight: 0 };
    for (const id of ids) counts = await throttle.peekPair(names, '10.0.0.0/24', id, hour);
    const after = await measureMemory();
    expect(counts).toEqual({ ofLeft: 2, ofRight: 1 });
    expect(Math.abs(after.outside - before.outside) / ids.length).toBeLessThan(1);
    expect(await note('10.0.0.0/24', ids[0]!)).toEqual([2, 1]);
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
    // An IPv4 tail is two groups, wherever the '::' falls: one address, one subject.
    expect(limitSubject('::1:2:3:4:5:1.2.3.4')).toBe('0:1:2:3::/64');
    expect(limitSubject('0:1:2:3:4:5:1.2.3.4')).toBe('0:1:2:3::/64');
    expect(limitSubject('1::2:3:4:5:6.7.8.9')).toBe('1:0:2:3::/64');
    expect(limitSubject('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
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
    const before = await measureMemory();
    const addresses = 100_000;
    for (let i = 0; i < addresses; i += 1)
      await throttle.consume('lookupPerIp', `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const after = await measureMemory();
    const heapGrowth = after.heap - before.heap;
    const outsideGrowth = after.outside - before.outside;
    // rate-limiter-flexible's memory store held about 550 bytes and a timer on the heap a counter;
    // what the heap holds now is the last 2,048 addresses' HMACs, however many addresses came.
    expect(heapGrowth / addresses).toBeLessThan(8);
    // Twelve bytes a slot, at most three quarters full, in a table that doubles: 16 to 32 a counter.
    expect(outsideGrowth / addresses).toBeLessThan(40);
    expect(outsideGrowth / addresses).toBeGreaterThan(8);
    // The throttle is still in use (a collection before `after` could otherwise take it whole).
    await expect(throttle.consume('lookupPerIp', '10.0.0.0')).resolves.toBeUndefined();
  });
});
