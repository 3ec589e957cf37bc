import type Provider from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { policy } from '../policy.js';
import { createProviderCache, type ProviderJwks } from './key-cache.js';

/** A cache on a test clock whose key set and builds are counted. */
const cacheOn = () => {
  let now = 1_000_000;
  let fingerprint = 'a';
  const reads: string[] = [];
  const builds: string[] = [];
  const provider = createProviderCache({
    now: () => now,
    jwks: async (): Promise<ProviderJwks> => {
      reads.push(fingerprint);
      return { keys: [], fingerprint };
    },
    build: async (jwks) => {
      builds.push(jwks.fingerprint);
      return { fingerprint: jwks.fingerprint } as unknown as Provider;
    },
  });
  return {
    provider,
    reads,
    builds,
    advance: (ms: number) => {
      now += ms;
    },
    rotate: (next: string) => {
      fingerprint = next;
    },
  };
};

describe('the provider cache (key-cache.ts)', () => {
  it('builds once for requests arriving together, and reads the key set once', async () => {
    const cache = cacheOn();
    const [a, b, c] = await Promise.all([cache.provider(), cache.provider(), cache.provider()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(cache.builds).toEqual(['a']);
    expect(cache.reads).toEqual(['a']);
  });

  it("reads the key set again only after the recheck interval of the hub's clock", async () => {
    const cache = cacheOn();
    const first = await cache.provider();
    cache.advance(policy.signingKeyRecheckMs - 1);
    await cache.provider();
    expect(cache.reads).toHaveLength(1);
    cache.advance(1);
    expect(await cache.provider()).toBe(first);
    expect(cache.reads).toHaveLength(2);
    expect(cache.builds).toEqual(['a']);
  });

  it('builds a new provider when a rotation changes the published key set', async () => {
    const cache = cacheOn();
    const first = await cache.provider();
    cache.rotate('b');
    expect(await cache.provider()).toBe(first);
    cache.advance(policy.signingKeyRecheckMs);
    const second = await cache.provider();
    expect(second).not.toBe(first);
    expect(cache.builds).toEqual(['a', 'b']);
  });
});
