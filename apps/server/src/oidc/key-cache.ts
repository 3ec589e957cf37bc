import type Provider from 'oidc-provider';
import { policy } from '../policy.js';

/** The provider's signing keys as the hub's key ring publishes them, with a fingerprint of the set. */
export interface ProviderJwks {
  keys: unknown[];
  fingerprint: string;
}

/**
 * The provider built on the current key set. The key set is read again every
 * `policy.signingKeyRecheckMs` of the hub's clock, so a rotation (`hub keys rotate`) shows within
 * the same recheck as the key that signs ainfo; a new set builds a new provider, an unchanged one
 * keeps the provider already built.
 */
export const createProviderCache = (deps: {
  now: () => number;
  jwks: () => Promise<ProviderJwks>;
  build: (jwks: ProviderJwks) => Promise<Provider>;
}) => {
  let built: { provider: Provider; fingerprint: string; recheckAt: number } | undefined;
  // One look-up at a time: requests arriving together while the key set is checked (at start, or
  // every few seconds) wait for the same one instead of each building a provider or making a key.
  let checking: Promise<Provider> | undefined;
  const check = async () => {
    const jwks = await deps.jwks();
    if (built?.fingerprint !== jwks.fingerprint)
      built = { provider: await deps.build(jwks), fingerprint: jwks.fingerprint, recheckAt: 0 };
    built.recheckAt = deps.now() + policy.signingKeyRecheckMs;
    return built.provider;
  };
  return async (): Promise<Provider> => {
    if (built && deps.now() < built.recheckAt) return built.provider;
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  };
};
