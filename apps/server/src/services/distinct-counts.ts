import { createHmac } from 'node:crypto';

/**
 * Distinct counts kept in this process (no Redis, not a worker of HUB_WORKERS), and the fixed-window
 * hits of the throttle's limits. The credential-stuffing counts note every account an unknown
 * browser tries with its address bucket, and answer both ways from one note: the bucket's distinct
 * accounts and the account's distinct buckets. At a million accounts a look-up spread over them
 * adds an account to the counts at nearly every request.
 *
 * Every key is 64 bits in typed arrays outside the JavaScript heap: each left's count; each right's
 * count with its first left, so that a right seen with one left (nearly every account: one bucket
 * tries it) costs one slot of 20 bytes and one random access; the pairs (left and right mixed) only
 * of the rights seen with two lefts or more. Until 2026-12-07 each direction kept its own pairs and
 * counts, three random accesses and 28 bytes an account
 * (docs/performance.md "At a million accounts"); before 2026-12-04, strings in Maps and Sets, three
 * heap objects of about 170 bytes that the garbage collector copied and traced. A new window drops
 * the last one whole.
 *
 * A key's 64 bits: an account id (a UUID the hub made; it names no one outside the hub's database)
 * from its own hexadecimal digits, anything else (a typed identifier, an address) from its HMAC under
 * the process's secret, so that no one can choose two keys that collide. Two of a million keys share
 * their 64 bits (or two pairs theirs) about once in ten million windows: the count is then one short.
 */

/** What noting a pair answers: the distinct rights its left has had, and the distinct lefts its right has had. */
export interface PairCounts {
  ofLeft: number;
  ofRight: number;
}

export interface DistinctCounts {
  /**
   * Notes the pair `left`, `right` under `name` for window `windowIndex` and answers how many
   * distinct rights `left` has had in it and how many distinct lefts `right` has had, this pair
   * included: the credential-stuffing counts' accounts of an address bucket and buckets of an
   * account, from one note of each pair.
   */
  pair(name: string, windowIndex: number, left: string, right: string): PairCounts;
  /**
   * What `pair` would answer for the same pair now, without noting it: an attempt refused before it
   * counts (services/stuffing.ts, a challenge not solved) adds nothing to the tables.
   */
  peekPair(name: string, windowIndex: number, left: string, right: string): PairCounts;
  /**
   * Counts one more hit of `key` under `name` in window `windowIndex`: the fixed-window counters of
   * the throttle's consume, kept the same way (a slot of 12 bytes, 16 to 32 bytes a key as the table
   * fills and doubles, where a counter of rate-limiter-flexible's memory store held about 550 bytes
   * and a timer on the heap). The hits so far, this one included.
   */
  hit(name: string, windowIndex: number, key: string): number;
  /**
   * True the first time `key` is seen under `name` in window `windowIndex` or the one before it,
   * false after: with windows as long as what is taken once may live (a solved challenge's 5
   * minutes), a second use within that time is always refused. A set of 8 bytes a key.
   */
  once(name: string, windowIndex: number, key: string): boolean;
}

/** How many keys' HMACs a throttle remembers before it starts afresh. */
const REMEMBERED_KEYS = 2_048;

/**
 * `hmac` with its last answers remembered: one sign-in step keys the same address bucket and account
 * twice (the credential-stuffing counts go both ways) and the client's address once more, and a
 * client's next request keys the same address again. Each HMAC is a few microseconds of the event
 * loop, a tenth of a look-up's (docs/performance.md "Account look-up"). The keys stay in this
 * process only, as the request that brought them did; the store still sees only HMACs. Past
 * `REMEMBERED_KEYS` the memory is dropped whole rather than kept in order.
 */
export const remembered = <T>(hmac: (key: string) => T) => {
  const known = new Map<string, T>();
  return (key: string) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= REMEMBERED_KEYS) known.clear();
      value = hmac(key);
      known.set(key, value);
    }
    return value;
  };
};

/** The first size of a window's tables, in slots (a power of two). */
const FIRST_SLOTS = 1_024;

/**
 * Open addressing with linear probing over 64-bit keys (two 32-bit words, never both zero) in one
 * Uint32Array, at most three quarters full; each key carries `values` more words (none: a set; one:
 * a count).
 */
class KeyTable {
  private readonly stride: number;
  private slots: Uint32Array;
  private mask = FIRST_SLOTS - 1;
  private used = 0;

  constructor(values: number) {
    this.stride = 2 + values;
    this.slots = new Uint32Array(FIRST_SLOTS * this.stride);
  }

  /** The word where `hi:lo` is, or the empty slot's where it would go. */
  locate(hi: number, lo: number): number {
    const { slots, stride, mask } = this;
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    for (;;) {
      const at = i * stride;
      const h = slots[at]!;
      const l = slots[at + 1]!;
      if ((h === hi && l === lo) || (h === 0 && l === 0)) return at;
      i = (i + 1) & mask;
    }
  }

  /** Whether the slot at word `at` holds a key. */
  holds(at: number): boolean {
    return this.slots[at] !== 0 || this.slots[at + 1] !== 0;
  }

  /** Puts `hi:lo`, which the table does not hold, in it; answers its word (values all 0). */
  insert(hi: number, lo: number): number {
    if ((this.used + 1) * 4 > (this.mask + 1) * 3) this.grow();
    const at = this.locate(hi, lo);
    this.slots[at] = hi;
    this.slots[at + 1] = lo;
    this.used += 1;
    return at;
  }

  /** Value `i` of the key at word `at`. */
  value(at: number, i: number): number {
    return this.slots[at + 2 + i]!;
  }

  setValue(at: number, i: number, value: number) {
    this.slots[at + 2 + i] = value;
  }

  /** Puts `hi:lo` in a set; answers whether it was there already. */
  markSeen(hi: number, lo: number): boolean {
    if (this.holds(this.locate(hi, lo))) return true;
    this.insert(hi, lo);
    return false;
  }

  /** Counts `hi:lo` once more (one value: its count); answers the count, this one included. */
  increment(hi: number, lo: number): number {
    let at = this.locate(hi, lo);
    if (!this.holds(at)) at = this.insert(hi, lo);
    const count = this.value(at, 0) + 1;
    this.setValue(at, 0, count);
    return count;
  }

  private grow() {
    const { slots: old, stride } = this;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    for (let at = 0; at < old.length; at += stride) {
      if (old[at] === 0 && old[at + 1] === 0) continue;
      const to = this.locate(old[at]!, old[at + 1]!);
      for (let word = 0; word < stride; word += 1) this.slots[to + word] = old[at + word]!;
    }
  }
}

/** The last key's 64 bits: set by keyOf, read at once (no object a key). */
let keyHi = 0;
let keyLo = 0;

/** An account id's four 32-bit words as its digits are read (each takes eight, so none needs clearing). */
const words = new Uint32Array(4);

/** A hexadecimal digit's value, -1 for anything else. */
const hexDigit = (code: number) =>
  code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;

/**
 * An account id in its canonical form (36 characters, lower-case hexadecimal, dashes at 8, 13, 18,
 * 23) into keyHi and keyLo, its four 32-bit words folded two by two; false for anything else.
 */
const accountIdKey = (key: string): boolean => {
  if (key.length !== 36) return false;
  let digits = 0;
  for (let i = 0; i < 36; i += 1) {
    const code = key.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
      continue;
    }
    const value = hexDigit(code);
    if (value < 0) return false;
    const word = digits >> 3;
    words[word] = (words[word]! << 4) | value;
    digits += 1;
  }
  keyHi = (words[0]! ^ words[2]!) >>> 0;
  keyLo = (words[1]! ^ words[3]!) >>> 0;
  return true;
};

/** One round of MurmurHash3's 32-bit mix. */
const mixIn = (h: number, k: number) => {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
};

/** MurmurHash3's finalizer: every input bit moves every output bit. */
const finish = (h: number) => {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
};

/** The 32 bits of four words under `seed`. */
const mix4 = (seed: number, a: number, b: number, c: number, d: number) =>
  finish(mixIn(mixIn(mixIn(mixIn(seed, a), b), c), d) ^ 16);

interface PairWindow {
  index: number;
  /** Each left's distinct rights (one value: the count). */
  lefts: KeyTable;
  /**
   * Each right's distinct lefts and the 64 bits of its first left (three values): a right seen with
   * one left only, as nearly every account is tried from one address bucket, needs no pair noted.
   */
  rights: KeyTable;
  /** The pairs of the rights seen with two lefts or more, by their mixed 64 bits. */
  pairs: KeyTable;
}

interface HitWindow {
  index: number;
  /** Each key's hits (one value: the count). */
  hits: KeyTable;
}

interface OnceWindow {
  index: number;
  /** The keys taken in this window, and in the one before it when that was the last. */
  taken: KeyTable;
  before: KeyTable | undefined;
}

const hitWindow = (index: number): HitWindow => ({ index, hits: new KeyTable(1) });
const pairWindow = (index: number): PairWindow => ({
  index,
  lefts: new KeyTable(1),
  rights: new KeyTable(3),
  pairs: new KeyTable(0),
});

/** The window `index` of `name`, made afresh (the last one dropped whole) when a new one starts. */
const current = <W extends { index: number }>(
  windows: Map<string, W>,
  name: string,
  index: number,
  make: (index: number) => W,
): W => {
  let window = windows.get(name);
  if (window?.index !== index) {
    window = make(index);
    windows.set(name, window);
  }
  return window;
};

/** Whether the pair of `left` and `right` is in `pairs` already; with `note`, it is there afterwards. */
const seenPair = (
  pairs: KeyTable,
  note: boolean,
  leftHi: number,
  leftLo: number,
  rightHi: number,
  rightLo: number,
) => {
  const hi = mix4(0x2545f491, leftHi, leftLo, rightHi, rightLo);
  const lo = mix4(0x6a09e667, leftHi, leftLo, rightHi, rightLo) || 1;
  return note ? pairs.markSeen(hi, lo) : pairs.holds(pairs.locate(hi, lo));
};

/**
 * The counts of the pair `left`, `right` (each as its two words) in `window`, noted when `note` is
 * true, else only read: the right's count and the left's as they stand, each one more if the pair is new.
 */
const countPair = (
  { lefts, rights, pairs }: PairWindow,
  note: boolean,
  leftHi: number,
  leftLo: number,
  rightHi: number,
  rightLo: number,
): PairCounts => {
  let at = rights.locate(rightHi, rightLo);
  let fresh = true;
  if (!rights.holds(at)) {
    if (note) {
      at = rights.insert(rightHi, rightLo);
      rights.setValue(at, 1, leftHi);
      rights.setValue(at, 2, leftLo);
    }
  } else {
    const count = rights.value(at, 0);
    const firstHi = rights.value(at, 1);
    const firstLo = rights.value(at, 2);
    if (count === 1 && firstHi === leftHi && firstLo === leftLo) fresh = false;
    else {
      // The right's second left: its first pair goes into the pairs now.
      if (count === 1 && note) seenPair(pairs, true, firstHi, firstLo, rightHi, rightLo);
      fresh = !seenPair(pairs, note, leftHi, leftLo, rightHi, rightLo);
    }
  }
  // An empty slot's values are 0: a right or a left not noted yet has counted nothing.
  const ofRight = rights.value(at, 0) + (fresh ? 1 : 0);
  if (fresh && note) rights.setValue(at, 0, ofRight);
  // A pair seen before counted its left then (at least 1, should two pairs' 64 bits collide).
  if (!fresh) return { ofLeft: Math.max(1, lefts.value(lefts.locate(leftHi, leftLo), 0)), ofRight };
  if (note) return { ofLeft: lefts.increment(leftHi, leftLo), ofRight };
  return { ofLeft: lefts.value(lefts.locate(leftHi, leftLo), 0) + 1, ofRight };
};

/** The counts of this process, with the secret that keys what is not an account id. */
export const createDistinctCounts = (keySecret: Buffer): DistinctCounts => {
  const hashed = remembered((key: string) => {
    const digest = createHmac('sha256', keySecret).update(key).digest();
    return [digest.readUInt32BE(0), digest.readUInt32BE(4)] as const;
  });
  /** The 64 bits of `key` into keyHi and keyLo (never both zero: zero marks an empty slot). */
  const keyOf = (key: string) => {
    if (!accountIdKey(key)) {
      const known = hashed(key);
      keyHi = known[0];
      keyLo = known[1];
    }
    if (keyHi === 0 && keyLo === 0) keyLo = 1;
  };
  /** countPair with the keys' 64 bits. */
  const countOf = (window: PairWindow, note: boolean, left: string, right: string) => {
    keyOf(left);
    const leftHi = keyHi;
    const leftLo = keyLo;
    keyOf(right);
    return countPair(window, note, leftHi, leftLo, keyHi, keyLo);
  };
  const pairWindows = new Map<string, PairWindow>();
  const hitWindows = new Map<string, HitWindow>();
  const onceWindows = new Map<string, OnceWindow>();
  return {
    hit(name, windowIndex, key) {
      const window = current(hitWindows, name, windowIndex, hitWindow);
      keyOf(key);
      return window.hits.increment(keyHi, keyLo);
    },
    pair(name, windowIndex, left, right) {
      return countOf(current(pairWindows, name, windowIndex, pairWindow), true, left, right);
    },
    peekPair(name, windowIndex, left, right) {
      const window = pairWindows.get(name);
      // A window not begun has noted nothing (and a look does not begin it).
      if (window?.index !== windowIndex) return { ofLeft: 1, ofRight: 1 };
      return countOf(window, false, left, right);
    },
    once(name, windowIndex, key) {
      let window = onceWindows.get(name);
      if (window?.index !== windowIndex) {
        const before = window?.index === windowIndex - 1 ? window.taken : undefined;
        window = { index: windowIndex, taken: new KeyTable(0), before };
        onceWindows.set(name, window);
      }
      keyOf(key);
      if (window.before?.holds(window.before.locate(keyHi, keyLo))) return false;
      return !window.taken.markSeen(keyHi, keyLo);
    },
  };
};
