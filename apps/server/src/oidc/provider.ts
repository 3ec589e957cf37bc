import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { type EndedSessions, onSessionsEnded } from '../sso/session-end.js';
import { createOidcClientQueries, createOidcPayloadQueries } from '../storage/oidc.js';
import { sharedSecret } from '../storage/secrets.js';
import { createOidcAdapter } from './adapter.js';
import { clientSecretMatches, type OidcModule, providerConfiguration } from './configuration.js';
import { createOidcEvents, tellClientsSignedOut } from './events.js';
import { createProviderCache, type ProviderJwks } from './key-cache.js';
import {
  patchAlwaysIncludeSid,
  patchClientSecretCompare,
  patchSessionLoad,
  patchSessionPayload,
} from './library-patches.js';
import { mirrorHubSession } from './session-bridge.js';

// The names the routes and screens import from here (constants.ts holds them).
export { interactionPath, OIDC_CLAIMS, OIDC_PREFIX, TOOL_MEMBERSHIP_REASON } from './constants.js';

/**
 * oidc-provider is loaded with the first OpenID Connect request, not at start: a hub whose partners
 * use only the tool login never holds its code (about 5 MiB of heap, docs/performance.md "Memory").
 */
let oidcModule: Promise<OidcModule> | undefined;
export const loadOidcProvider = () => {
  oidcModule ??= import('oidc-provider');
  return oidcModule;
};

export interface HubOidc {
  /** The provider built on the current key set (rebuilt when `hub keys rotate` changes it). */
  provider(): Promise<Provider>;
  /**
   * Ends an interaction with the sign-in the hub's screens made, and returns where the browser
   * goes next (the provider's resume address, which answers the client). The resume cookie set
   * when the interaction began binds it to the browser that started it.
   */
  finishInteraction(uid: string, result: InteractionResults): Promise<string>;
  /** The acr_values of interaction `uid`'s authorization request (empty when none, or it is over). */
  acrValuesOf(uid: string): Promise<string[]>;
  /**
   * Why interaction `uid` asks for a sign-in (its login prompt's reasons: `no_session`,
   * `login_prompt`, `max_age`, `second_factor_required`, …); undefined when it is over or asks
   * something else (consent).
   */
  loginReasonsOf(uid: string): Promise<string[] | undefined>;
  /** Whole seconds (at least 1) interaction `uid` has left on the hub's clock; 0 when it is over. */
  interactionSecondsLeft(uid: string): Promise<number>;
  /** Resolves once the audit rows of the requests answered so far are written. */
  idle(): Promise<void>;
  /**
   * Tells the clients signed in from ended sessions (back-channel logout) and waits for the audit
   * rows: what the provider's own session-end listener does, for a caller that created the provider
   * in the middle of an announcement (the command line, cli/console-context.ts).
   */
  tellSignedOut(ended: EndedSessions): Promise<void>;
}

/**
 * The hub's OpenID Connect provider (node-oidc-provider) on the hub's database and key ring:
 * configuration.ts says how it is configured, session-bridge.ts how it meets the hub's sign-in,
 * events.ts what it audits, key-cache.ts when it is rebuilt and library-patches.ts what of the
 * library is replaced.
 */
export const createHubOidc = async (hub: Hub): Promise<HubOidc> => {
  const payloads = createOidcPayloadQueries(hub.db);
  const clients = createOidcClientQueries(hub.db);
  const adapter = createOidcAdapter({ payloads, clients, now: hub.now });
  const cookieKey = (await sharedSecret(hub.db, 'oidc_cookie_keys', hub.now())).toString('base64url');
  const issuer = hub.config.publicUrl.replace(/\/$/, '');
  const events = createOidcEvents(hub, clients);

  const build = async (jwks: ProviderJwks) => {
    const library = await loadOidcProvider();
    const configuration = providerConfiguration(library, {
      hub,
      payloads,
      clients,
      adapter,
      cookieKey,
      jwks,
    });
    const provider = new library.default(issuer, configuration);
    // Behind the hub, Fastify decides the client's address and protocol (TRUST_PROXY); the
    // request handed over carries what it decided (see routes.ts).
    provider.proxy = true;
    patchSessionLoad(provider, mirrorHubSession(hub));
    patchSessionPayload(provider);
    patchAlwaysIncludeSid(provider);
    patchClientSecretCompare(provider, clientSecretMatches(clients, hub.now));
    events.subscribe(provider);
    return provider;
  };
  const provider = createProviderCache({ now: hub.now, jwks: () => hub.keys.providerJwks(), build });
  // Single sign-out: when hub sessions end, the clients signed in from them are told (back-channel).
  const tellSignedOut = async (ended: EndedSessions) =>
    tellClientsSignedOut(await provider(), ended, events.audit);
  onSessionsEnded(hub, tellSignedOut);

  /** The interaction row's expiry is on the hub's clock (adapter.ts), so its remaining life is too. */
  const interactionSecondsLeft = async (uid: string) => {
    const now = hub.now();
    const row = await payloads.find('Interaction', uid, now);
    if (!row) return 0;
    if (row.expires_at === null) return Math.floor(policy.oidcInteractionTtlMs / 1000);
    return Math.max(1, Math.floor((row.expires_at - now) / 1000));
  };

  return {
    provider,
    idle: events.idle,
    async tellSignedOut(ended) {
      await tellSignedOut(ended);
      await events.idle();
    },
    interactionSecondsLeft,
    async acrValuesOf(uid) {
      const interaction = await (await provider()).Interaction.find(uid);
      const asked = interaction?.params.acr_values;
      return typeof asked === 'string' ? asked.split(' ').filter(Boolean) : [];
    },
    async loginReasonsOf(uid) {
      if ((await interactionSecondsLeft(uid)) === 0) return undefined;
      const interaction = await (await provider()).Interaction.find(uid);
      const prompt = interaction?.prompt as { name?: string; reasons?: string[] } | undefined;
      return prompt?.name === 'login' ? [...(prompt.reasons ?? [])] : undefined;
    },
    async finishInteraction(uid, result) {
      const interaction = await (await provider()).Interaction.find(uid);
      const secondsLeft = await interactionSecondsLeft(uid);
      if (!interaction || secondsLeft === 0) throw new Error('interaction not found or expired');
      // What an earlier interaction of the same request resolved (the sign-in, before consent)
      // stays resolved, as oidc-provider's own interactionResult does it.
      interaction.result = result.error ? result : { ...interaction.lastSubmission, ...result };
      await interaction.save(secondsLeft);
      return interaction.returnTo;
    },
  };
};
