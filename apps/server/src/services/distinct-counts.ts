import { createHmac } from 'node:crypto';

/**
 * Distinct counts kept in this process (no Redis, not a worker of HUB_WORKERS): how many distinct
 * members each group has had in the current window, for each name. The credential-stuffing counts
 * note every account an unknown browser tries, from its address bucket and back, so at a million
 * accounts a look-up spread over them adds a group, a member and a pair to the counts at nearly
 * every request.
 *
 * Every key is 64 bits in typed arrays outside the JavaScript heap: the pairs seen (group and member
 * mixed) and each group's count. Kept as strings in Maps and Sets, each new account was three
 * objects that the garbage collector copied out of the young generation and then traced at every
 * collection, about 170 bytes an account on the heap; a look-up spread over a million accounts ran
 * at 0.84 of an empty database's rate then and at 0.89 with these tables (the medians of 29 and 25
 * rounds; docs/performance.md "At a million accounts"). A new window drops the last one whole.
 *
 * A key's 64 bits: an account id (a UUID the hub made; it names no one outside the hub's database)
 * from its own hexadecimal digits, anything else (a typed identifier, an address) from its HMAC under
 * the process's secret, so that no one can choose two keys that collide. Two of a million keys share
 * their 64 bits (or two pairs theirs) about once in ten million windows: the count is then one short.
 */
export interface DistinctCounts {
  /** Notes `member` in `group` of `name` for window `windowIndex`; the group's distinct members, this one included. */
  count(name: string, windowIndex: number, group: string, member: string): number;
  /**
   * Counts one more hit of `key` under `name` in window `windowIndex`: the fixed-window counters of
   * the throttle's consume, kept the same way (a slot of 12 bytes, 16 to 32 bytes a key as the table
   * fills and doubles, where a counter of rate-limiter-flexible's memory store held about 550 bytes
   * and a timer on the heap). The hits so far, this one included.
   */
  hit(name: string, windowIndex: number, key: string): number;
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
 * Uint32Array, at most three quarters full: a set (two words a slot) or, `counted`, a count for each
 * key (three).
 */
class KeyTable {
  private readonly stride: number;
  private slots: Uint32Array;
  private mask = FIRST_SLOTS - 1;
  private used = 0;

  constructor(counted: boolean) {
    this.stride = counted ? 3 : 2;
    this.slots = new Uint32Array(FIRST_SLOTS * this.stride);
  }

  /** The word where `hi:lo` is, or the empty slot's where it would go. */
  private find(hi: number, lo: number): number {
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

  /** The count of the key at word `at` (a set: 1), 0 for an empty slot. */
  private countAt(at: number): number {
    if (this.slots[at] === 0 && this.slots[at + 1] === 0) return 0;
    return this.stride === 3 ? this.slots[at + 2]! : 1;
  }

  /** The count of `hi:lo` (a set: 1), 0 when it is not in the table. */
  get(hi: number, lo: number): number {
    return this.countAt(this.find(hi, lo));
  }

  /** Puts `hi:lo` in the table and counts it once more; answers its count before (a set: 0 or 1). */
  add(hi: number, lo: number): number {
    let at = this.find(hi, lo);
    const before = this.countAt(at);
    if (before === 0) {
      if ((this.used + 1) * 4 > (this.mask + 1) * 3) {
        this.grow();
        at = this.find(hi, lo);
      }
      this.slots[at] = hi;
      this.slots[at + 1] = lo;
      this.used += 1;
    }
    if (this.stride === 3) this.slots[at + 2] = before + 1;
    return before;
  }

  private grow() {
    const { slots: old, stride } = this;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    for (let at = 0; at < old.length; at += stride) {
      const hi = old[at]!;
      const lo = old[at + 1]!;
      if (hi === 0 && lo === 0) continue;
      const to = this.find(hi, lo);
      this.slots[to] = hi;
      this.slots[to + 1] = lo;
      if (stride === 3) this.slots[to + 2] = old[at + 2]!;
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

interface CountWindow {
  index: number;
  /** The (group, member) pairs seen, by their mixed 64 bits. */
  pairs: KeyTable;
  /** Each group's distinct members. */
  groups: KeyTable;
}

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
  const windows = new Map<string, CountWindow>();
  const hitWindows = new Map<string, { index: number; hits: KeyTable }>();
  return {
    hit(name, windowIndex, key) {
      let window = hitWindows.get(name);
      if (window?.index !== windowIndex) {
        window = { index: windowIndex, hits: new KeyTable(true) };
        hitWindows.set(name, window);
      }
      keyOf(key);
      return window.hits.add(keyHi, keyLo) + 1;
    },
    count(name, windowIndex, group, member) {
      let window = windows.get(name);
      if (window?.index !== windowIndex) {
        window = { index: windowIndex, pairs: new KeyTable(false), groups: new KeyTable(true) };
        windows.set(name, window);
      }
      keyOf(group);
      const groupHi = keyHi;
      const groupLo = keyLo;
      keyOf(member);
      const pairHi = mix4(0x2545f491, groupHi, groupLo, keyHi, keyLo);
      const pairLo = mix4(0x6a09e667, groupHi, groupLo, keyHi, keyLo) || 1;
      if (window.pairs.add(pairHi, pairLo) > 0) return window.groups.get(groupHi, groupLo);
      return window.groups.add(groupHi, groupLo) + 1;
    },
  };
};
