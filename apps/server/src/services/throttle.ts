import { createHmac, randomBytes } from 'node:crypto';
import type { ErrorCode } from '@hub/core';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HubError } from '../errors.js';
import { policy, type ThrottleRuleName } from '../policy.js';
import { limitSubject } from './client-address.js';
import { createDistinctCounts, type DistinctCounts, type PairCounts, remembered } from './distinct-counts.js';
import { countThrottleRefusal } from './metrics.js';
import { primaryCounts } from './primary-counts.js';

export type { ThrottleRule, ThrottleRuleName } from '../policy.js';

/** The limits, per client IP and per account: the policy's, where they are explained. */
export const throttleRules = policy.throttle;

export interface Throttle {
  /** Counts one attempt; throws HubError rate_limited (with retryAfter seconds) past the rule's limit. */
  consume(rule: ThrottleRuleName, key: string): Promise<void>;
  /**
   * Notes the pair `left`, `right` for the current window of `windowMs` and answers how many
   * distinct rights `left` has had in it and how many distinct lefts `right` has had, this pair
   * included (never refuses). Counted under `names.left` and `names.right`, keyed like consume's.
   */
  distinctPair(
    names: { left: string; right: string },
    left: string,
    right: string,
    windowMs: number,
  ): Promise<PairCounts>;
  /**
   * What distinctPair would answer for the same pair now, without noting it (services/stuffing.ts
   * looks before it counts, so that an attempt it refuses counts nothing).
   */
  peekPair(
    names: { left: string; right: string },
    left: string,
    right: string,
    windowMs: number,
  ): Promise<PairCounts>;
  /** True the first time `key` is seen under `name` within `ttlMs` (in this store), false after. */
  once(name: string, key: string, ttlMs: number): Promise<boolean>;
}

/** Counts that never refuse (a distinct count's members and groups). */
const UNBOUNDED = 1_000_000_000;

/** The points a key has used in Redis, whether or not this consume was refused. */
const counted = async (target: RateLimiterRedis, key: string) => {
  try {
    return (await target.consume(key)).consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error.consumedPoints;
    throw error;
  }
};

/**
 * The credential-stuffing pair counts in Redis: each left's and each right's count, and a mark of
 * each pair seen, under the current window. `note` counts a pair once both ways; `peek` answers
 * what `note` would, and writes nothing.
 */
const redisPairs = (
  limiter: (name: string, points: number, durationSeconds: number) => RateLimiterRedis,
  keyed: (key: string) => string,
) => {
  type Stored = ReturnType<typeof store>;
  const store = (
    names: { left: string; right: string },
    left: string,
    right: string,
    windowMs: number,
    windowIndex: number,
  ) => {
    const seconds = Math.ceil(windowMs / 1000) * 2;
    return {
      lefts: limiter(names.left, UNBOUNDED, seconds),
      rights: limiter(names.right, UNBOUNDED, seconds),
      pairs: limiter(`${names.left}_seen`, UNBOUNDED, seconds),
      leftKey: `${keyed(left)}:${windowIndex}`,
      rightKey: `${keyed(right)}:${windowIndex}`,
      pairKey: `${keyed(`${left}\n${right}`)}:${windowIndex}`,
    };
  };
  return {
    store,
    async note(stored: Stored): Promise<PairCounts> {
      if ((await counted(stored.pairs, stored.pairKey)) === 1) {
        const [ofLeft, ofRight] = await Promise.all([
          counted(stored.lefts, stored.leftKey),
          counted(stored.rights, stored.rightKey),
        ]);
        return { ofLeft, ofRight };
      }
      const [leftRes, rightRes] = await Promise.all([
        stored.lefts.get(stored.leftKey),
        stored.rights.get(stored.rightKey),
      ]);
      return { ofLeft: leftRes?.consumedPoints ?? 1, ofRight: rightRes?.consumedPoints ?? 1 };
    },
    async peek(stored: Stored): Promise<PairCounts> {
      const [seen, leftRes, rightRes] = await Promise.all([
        stored.pairs.get(stored.pairKey),
        stored.lefts.get(stored.leftKey),
        stored.rights.get(stored.rightKey),
      ]);
      const fresh = (seen?.consumedPoints ?? 0) === 0 ? 1 : 0;
      return {
        ofLeft: Math.max(1, (leftRes?.consumedPoints ?? 0) + fresh),
        ofRight: Math.max(1, (rightRes?.consumedPoints ?? 0) + fresh),
      };
    },
  };
};

/**
 * The counts kept without Redis: this process's own tables (distinct-counts.ts), or its primary's,
 * which answer the same calls asynchronously (primary-counts.ts).
 */
type LocalCounts = {
  [Call in keyof DistinctCounts]: (
    ...args: Parameters<DistinctCounts[Call]>
  ) => ReturnType<DistinctCounts[Call]> | Promise<ReturnType<DistinctCounts[Call]>>;
};

/** `counts` asked with the HMACs of the keys only: what the primary of HUB_WORKERS gets. */
const asHmacs = (counts: LocalCounts, keyed: (key: string) => string): LocalCounts => ({
  hit: (name, windowIndex, key) => counts.hit(name, windowIndex, keyed(key)),
  pair: (name, windowIndex, left, right) => counts.pair(name, windowIndex, keyed(left), keyed(right)),
  peekPair: (name, windowIndex, left, right) => counts.peekPair(name, windowIndex, keyed(left), keyed(right)),
  once: (name, windowIndex, key) => counts.once(name, windowIndex, keyed(key)),
});

/**
 * Fixed-window counters: in this process's typed arrays (distinct-counts.ts, 64 bits a key, the
 * last window dropped whole), or in the primary's for the workers of HUB_WORKERS (primary-counts.ts),
 * or with rate-limiter-flexible in Redis shared by every hub process. While Redis cannot answer, a
 * process counts in its own tables until it can again. A per-address limit counts an IPv6 client
 * by its /64 (client-address.ts `limitSubject`). A counter's key is an HMAC of the client address
 * or account identifier under `keySecret`, so Redis and the primary never hold an email address or
 * IP in clear; every process that shares a store must share the secret (app.ts reads it from the
 * database). The window is taken from the injected clock and is part of the key, so moving the
 * clock opens a new window: tests move time instead of sleeping. `scale` multiplies every limit but
 * an `unscaled` one (operators raise it for benchmarks; see docs/configuration.md).
 */
export const createThrottle = (options: {
  now: () => number;
  redis?: Redis | undefined;
  scale?: number;
  /** A worker of HUB_WORKERS without Redis: the primary keeps the counts of the machine's processes. */
  clusterWorker?: boolean;
  /** The HMAC key of the counters' keys; a random one (fine for a lone process) if not given. */
  keySecret?: Buffer;
  /** Starts every key, so that deployments can share one Redis (REDIS_KEY_PREFIX). */
  keyPrefix?: string;
}): Throttle => {
  const scale = options.scale ?? 1;
  const keySecret = options.keySecret ?? randomBytes(32);
  const keyPrefix = options.keyPrefix ?? 'hub:';
  const keyed = remembered((key: string) => createHmac('sha256', keySecret).update(key).digest('base64url'));
  const inMemory = createDistinctCounts(keySecret);
  const redis = options.redis;
  /** Without Redis, where the counts are: here, or in the primary. */
  const local: LocalCounts = options.clusterWorker ? asHmacs(primaryCounts(), keyed) : inMemory;
  const made = new Map<string, RateLimiterRedis>();
  const limiter = (name: string, points: number, durationSeconds: number) => {
    const keyPrefixOf = `${keyPrefix}${name}`;
    let found = made.get(keyPrefixOf);
    if (!found) {
      found = new RateLimiterRedis({
        keyPrefix: keyPrefixOf,
        points,
        duration: durationSeconds,
        storeClient: redis,
      });
      made.set(keyPrefixOf, found);
    }
    return found;
  };
  /** Redis's answer, or this process's own count while Redis cannot answer (no offline queue). */
  const fromRedis = async <T>(ask: () => Promise<T>, instead: () => T | Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      return instead();
    }
  };
  const pointsOf = (name: ThrottleRuleName) => {
    const rule = throttleRules[name];
    return 'unscaled' in rule ? rule.points : Math.ceil(rule.points * scale);
  };
  const limiterFor = (name: ThrottleRuleName) => {
    const rule = throttleRules[name];
    return limiter(rule.name, pointsOf(name), (rule.windowMs / 1000) * 2);
  };
  const shared = redisPairs(limiter, keyed);
  /** A pair's counts, noted (`note`) or only looked at, wherever this process keeps them. */
  const pairCounts = async (
    note: boolean,
    names: { left: string; right: string },
    left: string,
    right: string,
    windowMs: number,
  ): Promise<PairCounts> => {
    const windowIndex = Math.floor(options.now() / windowMs);
    const kept = (counts: LocalCounts) =>
      note
        ? counts.pair(names.left, windowIndex, left, right)
        : counts.peekPair(names.left, windowIndex, left, right);
    if (!redis) return kept(local);
    const stored = shared.store(names, left, right, windowMs, windowIndex);
    return fromRedis(
      () => (note ? shared.note(stored) : shared.peek(stored)),
      () => kept(inMemory),
    );
  };

  return {
    async consume(name, key) {
      const rule = throttleRules[name];
      const windowMs = rule.windowMs;
      const now = options.now();
      const windowIndex = Math.floor(now / windowMs);
      const subject = limitSubject(key);
      const used = redis
        ? await fromRedis(
            () => counted(limiterFor(name), `${keyed(subject)}:${windowIndex}`),
            () => inMemory.hit(rule.name, windowIndex, subject),
          )
        : await local.hit(rule.name, windowIndex, subject);
      if (used > pointsOf(name)) {
        countThrottleRefusal(rule.name);
        const retryAfter = Math.max(1, Math.ceil(((windowIndex + 1) * windowMs - now) / 1000));
        throw rateLimited(retryAfter);
      }
    },
    distinctPair: (names, left, right, windowMs) => pairCounts(true, names, left, right, windowMs),
    peekPair: (names, left, right, windowMs) => pairCounts(false, names, left, right, windowMs),
    async once(name, key, ttlMs) {
      const windowIndex = Math.floor(options.now() / ttlMs);
      if (!redis) return local.once(name, windowIndex, key);
      return fromRedis(
        async () => (await counted(limiter(name, 1, Math.ceil(ttlMs / 1000) + 1), keyed(key))) === 1,
        () => inMemory.once(name, windowIndex, key),
      );
    },
  };
};

export const rateLimited = (retryAfter: number, code: ErrorCode = 'rate_limited') =>
  new HubError(code, { retryAfter, params: { seconds: retryAfter } });
