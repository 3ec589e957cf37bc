import { acrOf, acrValues } from '@hub/core';
import type Provider from 'oidc-provider';
import type { ClientInstance, InteractionResults, KoaContextWithOIDC } from 'oidc-provider';
import { cookieName } from '../http/request-context.js';
import { liveSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { oidcSessionNeedsSecondFactor } from '../mfa/requirement.js';
import { policy } from '../policy.js';
import { type AuditEvent, recordAudit } from '../services/audit.js';
import { sameHash, sha256 } from '../services/tokens.js';
import { endHubSession } from '../sso/sign-out.js';
import { joinTool, recordToolRefusal, toolAccessByTid } from '../sso/tool-access.js';
import { createOidcClientQueries, createOidcPayloadQueries } from '../storage/oidc.js';
import { sharedSecret } from '../storage/secrets.js';
import { createOidcAdapter, grantKey } from './adapter.js';
import { withFormAction } from './csp.js';
import { errorPage, type PageContext, pageLanguage, signedOutPage, signOutPage } from './pages.js';

type OidcModule = typeof import('oidc-provider');

/**
 * oidc-provider is loaded with the first OpenID Connect request, not at start: a hub whose partners
 * use only the tool login never holds its code (about 5 MiB of heap, docs/performance.md "Memory").
 */
let oidcModule: Promise<OidcModule> | undefined;
export const loadOidcProvider = () => {
  oidcModule ??= import('oidc-provider');
  return oidcModule;
};

/** Every endpoint of the provider lives under this path; discovery stays at the issuer's root. */
export const OIDC_PREFIX = '/oidc';

/** Why an interaction refuses the account: it is not a member of the client's tool. */
export const TOOL_MEMBERSHIP_REASON = 'tool_membership';
/** The check's error_description: what a prompt=none refusal of a restricted tool answers. */
const TOOL_MEMBERSHIP_DESCRIPTION = 'the account may not use this application';

/** Where oidc-provider sends the browser to sign in; the hub's login screen takes over from there. */
export const interactionPath = (uid: string) => `${OIDC_PREFIX}/interaction/${uid}`;

/** oidc-provider takes its lifetimes in seconds; the policy keeps them in milliseconds. */
const seconds = (ms: number) => ms / 1000;

/**
 * The claims a client may ask for, by scope. `hub` is the hub's own: the platforms the account
 * belongs to and its account type (the `ut` of the legacy tokens). `acr` and `amr` go in every
 * ID token.
 */
export const OIDC_CLAIMS = {
  // With `sub`, how the person signed in (docs/second-factors.md): every ID token carries them.
  openid: ['sub', 'acr', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['name'],
  hub: ['platforms', 'account_type'],
} as const;

const routes = {
  authorization: `${OIDC_PREFIX}/auth`,
  backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
  code_verification: `${OIDC_PREFIX}/device`,
  challenge: `${OIDC_PREFIX}/challenge`,
  device_authorization: `${OIDC_PREFIX}/device/auth`,
  end_session: `${OIDC_PREFIX}/session/end`,
  introspection: `${OIDC_PREFIX}/token/introspection`,
  // One key set for everything the hub signs: the hub serves it itself (with the keys that are
  // retired but still published), so discovery names the same address the legacy tokens use.
  jwks: '/.well-known/jwks.json',
  pushed_authorization_request: `${OIDC_PREFIX}/request`,
  registration: `${OIDC_PREFIX}/reg`,
  revocation: `${OIDC_PREFIX}/token/revocation`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/me`,
  credential: `${OIDC_PREFIX}/credential`,
};

/** The provider's cookies; the session cookie is `__Host-` on HTTPS (the others are path-bound). */
const cookieNames = (https: boolean) => ({
  session: https ? '__Host-hub_oidc_session' : 'hub_oidc_session',
  interaction: 'hub_oidc_interaction',
  resume: 'hub_oidc_resume',
});

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
  /** Resolves once the audit rows of the requests answered so far are written. */
  idle(): Promise<void>;
}

/** The hub's OpenID Connect provider (node-oidc-provider) on the hub's database and key ring. */
export const createHubOidc = async (hub: Hub): Promise<HubOidc> => {
  const { config, db, now, log } = hub;
  const https = config.publicUrl.startsWith('https://');
  const payloads = createOidcPayloadQueries(db);
  const clients = createOidcClientQueries(db);
  const Adapter = createOidcAdapter({ payloads, clients, now });
  const cookieKey = (await sharedSecret(db, 'oidc_cookie_keys', now())).toString('base64url');
  const issuer = config.publicUrl.replace(/\/$/, '');

  // oidc-provider reports through events it does not wait for: the audit rows are written beside
  // the response, and closing the app waits for the ones still under way (see idle).
  const pendingAudits = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked: Promise<void> = work
      .catch((error: unknown) =>
        log.warn({ err: (error as Error).message }, 'oidc: a background write failed'),
      )
      .finally(() => pendingAudits.delete(tracked));
    pendingAudits.add(tracked);
  };
  const audit = (
    event: AuditEvent,
    outcome: 'success' | 'failure' | 'refused',
    ctx: unknown,
    detail = {},
  ) => {
    const context = ctx as KoaContextWithOIDC | undefined;
    const entities = context?.oidc?.entities as {
      Account?: { accountId?: string };
      Grant?: { accountId?: string };
    };
    const accountId =
      context?.oidc?.session?.accountId ?? entities?.Account?.accountId ?? entities?.Grant?.accountId ?? null;
    track(recordAudit(db, { event, outcome, accountId, ip: context?.ip ?? null, detail }, now()));
  };

  /** The hub session of the browser behind a provider request, if it is live. */
  const hubSessionTokenOf = (ctx: KoaContextWithOIDC) =>
    ctx.cookies.get(cookieName(config, 'hub_session'), { signed: false });
  const hubSessionOf = (ctx: KoaContextWithOIDC) => liveSession(hub, hubSessionTokenOf(ctx));

  /**
   * The hub session is the one sign-in; the provider's own session only mirrors it. Wherever the
   * provider loads a browser's session (authorization, resume, logout), a live hub session signs it
   * in as the hub session's account, so prompt=none and a new client need no password; without a
   * live hub session, what the provider session held is forgotten, so signing out of the hub ends
   * OpenID Connect sign-ins too. prompt=login, max_age and id_token_hint still ask for the password.
   */
  const adoptHubSession = (provider: Provider) => {
    // Session.get is where oidc-provider (9.x, pinned) loads a browser's session for every route
    // that uses one; the tests drive prompt=none, hub sign-out and RP logout through it.
    const sessions = provider.Session as unknown as {
      get(ctx: KoaContextWithOIDC): Promise<ProviderSession>;
    };
    const load = sessions.get.bind(sessions);
    sessions.get = async (ctx) => {
      const session = await load(ctx);
      const live = await hubSessionOf(ctx);
      if (live && session.accountId !== live.account_id) {
        const amr = live.amr ? live.amr.split(' ') : [];
        session.loginAccount({
          accountId: live.account_id,
          loginTs: Math.floor(live.created_at / 1000),
          ...(amr.length > 0 ? { amr } : {}),
          acr: acrOf(amr),
        });
        session.authorizations = {};
        session.touched = true;
      } else if (!live && session.accountId) {
        for (const key of ['accountId', 'loginTs', 'amr', 'acr'] as const) delete session[key];
        session.authorizations = {};
        session.touched = true;
      }
      return session;
    };
  };

  /**
   * A client linked to a registered tool (`hub clients add --tid`) whose type is not 1 signs in
   * only the tool's members, as the tool login does. Checked on every authorization, with or
   * without a password step; the interaction screen then answers the client with access_denied.
   */
  const interactionPrompts = ({ interactionPolicy }: OidcModule) => {
    const prompts = interactionPolicy.base();
    // prompt=create (OpenID Connect "Initiating User Registration"): a client may ask for the sign-up
    // screen instead of the login. A requestable prompt only: it is asked for, never decided here;
    // the hub's exit marks it resolved (see oidcExitLocation).
    prompts.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
    prompts.get('login').checks.push(
      new interactionPolicy.Check(
        TOOL_MEMBERSHIP_REASON,
        TOOL_MEMBERSHIP_DESCRIPTION,
        'access_denied',
        async (ctx: KoaContextWithOIDC) => {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId) return false;
          return refusedByTool(accountId, clientId);
        },
      ),
    );

    // A client that asks for the multi-factor acr (acr_values) signs in again when the browser's
    // session was signed in with one factor: its sign-in then needs the second (docs/second-factors.md).
    prompts.get('login').checks.push(
      new interactionPolicy.Check(
        'second_factor_required',
        'the client asked for a sign-in with a second factor',
        'login_required',
        (ctx: KoaContextWithOIDC) => {
          const session = ctx.oidc.session as { accountId?: string; acr?: string } | undefined;
          return (
            Boolean(session?.accountId) &&
            oidcSessionNeedsSecondFactor(String(ctx.oidc.params?.acr_values ?? ''), session?.acr)
          );
        },
      ),
    );

    return prompts;
  };

  /**
   * Tool access for a client linked to a tool (sso/tool-access.ts decides, as for the tool login):
   * refused for a restricted tool's non-member or a tool no longer registered; an open tool's new
   * user joins it (spec §3). A client without a tool admits everyone.
   */
  const clientToolAccess = async (accountId: string, clientId: string) => {
    const row = await clients.find(clientId);
    if (row?.tid === null || row?.tid === undefined) return undefined;
    return toolAccessByTid(hub, row.tid, accountId);
  };
  const refusedByTool = async (accountId: string, clientId: string) =>
    (await clientToolAccess(accountId, clientId))?.decision === 'refuse';
  const joinOpenTool = async (accountId: string, clientId: string) => {
    const access = await clientToolAccess(accountId, clientId);
    if (access) await joinTool(hub, access, accountId, now());
  };

  const findAccount = async (_ctx: KoaContextWithOIDC, sub: string, source?: unknown) => {
    const token = source as { clientId?: unknown } | undefined;
    // A code, refresh token or access token of a client linked to a restricted tool serves only the
    // tool's members: once `hub tools remove-member` takes the account out, refreshing and userinfo
    // are refused (invalid_grant, invalid_token) like for an account that no longer exists.
    if (typeof token?.clientId === 'string' && (await refusedByTool(sub, token.clientId))) return undefined;
    const account = await hub.accounts.findById(sub);
    if (!account) return undefined;
    return {
      accountId: account.id,
      claims: async () => {
        const memberships = await hub.accounts.memberships(account.id);
        const profile = await hub.profiles.nameOf(account.id);
        const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : undefined;
        return {
          sub: account.id,
          ...(account.email ? { email: account.email, email_verified: account.verified === 1 } : {}),
          ...(name ? { name } : {}),
          platforms: memberships.map((m) => m.platform),
          account_type: account.user_type,
        };
      },
    };
  };

  const build = (oidcModule: OidcModule, jwks: { keys: unknown[] }) => {
    const prompts = interactionPrompts(oidcModule);
    const provider = new oidcModule.default(issuer, {
      adapter: Adapter,
      jwks,
      findAccount,
      routes,
      claims: OIDC_CLAIMS,
      scopes: ['openid', 'offline_access', 'email', 'profile', 'hub'],
      responseTypes: ['code'],
      // oidc-provider refuses to call loopback and private addresses (back-channel logout), against
      // requests forged toward the hub's network. A developer's tool runs on localhost, so in local
      // and development that guard is off.
      ...(config.appEnv === 'local' || config.appEnv === 'development'
        ? {
            fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
              const { dispatcher: _guard, ...rest } = options;
              return fetch(url, rest);
            },
          }
        : {}),
      // The platform whose login screen a sign-in shows (psl or biz), when the client asks.
      extraParams: ['platform'],
      // The acr a client may ask for with acr_values (docs/second-factors.md).
      acrValues: [...acrValues],
      clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
      // No HS* algorithm anywhere: a client's secret is stored only as a hash, so it cannot key one.
      enabledJWA: {
        clientAuthSigningAlgValues: ['ES256', 'RS256', 'PS256'],
        idTokenSigningAlgValues: ['ES256', 'RS256'],
        userinfoSigningAlgValues: ['ES256', 'RS256'],
        introspectionSigningAlgValues: ['ES256', 'RS256'],
        authorizationSigningAlgValues: ['ES256', 'RS256'],
        requestObjectSigningAlgValues: ['ES256', 'RS256'],
      },
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
      // S256 is the only method oidc-provider v9 knows; a public client must use it.
      pkce: { required: (_ctx: unknown, client: ClientInstance) => client.clientAuthMethod === 'none' },
      cookies: {
        keys: [cookieKey],
        names: cookieNames(https),
        long: { httpOnly: true, sameSite: 'lax', secure: https },
        short: { httpOnly: true, sameSite: 'lax', secure: https },
      },
      ttl: {
        AccessToken: seconds(policy.oidcAccessTokenTtlMs),
        AuthorizationCode: seconds(policy.oidcAuthorizationCodeTtlMs),
        // Same publication rule as ainfo: a retired key stays published as long as its tokens live.
        IdToken: seconds(policy.oidcIdTokenTtlMs),
        RefreshToken: seconds(policy.oidcRefreshTokenTtlMs),
        Interaction: seconds(policy.oidcInteractionTtlMs),
        Session: seconds(policy.oidcSessionTtlMs),
        Grant: seconds(policy.oidcGrantTtlMs),
      },
      // Every refresh returns a new refresh token; presenting a used one revokes the whole grant.
      rotateRefreshToken: true,
      // Logging out (RP-initiated) revokes every code and token of the session's grants, but keeps
      // the grants: they are the person's consent, which a logout does not take back (the account
      // center does). A reused code or refresh token, or a revoked refresh token, still ends the
      // whole grant, and revoking an access token ends only that token (oidc-provider's rule).
      revokeGrantPolicy: (ctx: KoaContextWithOIDC) => {
        const route = ctx.oidc.route;
        if (route === 'end_session' || route === 'end_session_confirm') return false;
        return !(route === 'revocation' && ctx.oidc.entities.AccessToken);
      },
      // Refresh tokens for every client registered for them (not only with offline_access and
      // prompt=consent); they end with the sign-in session, so logging out ends them too.
      issueRefreshToken: async (
        _ctx: unknown,
        client: { grantTypeAllowed(t: string): boolean },
        code: { scopes: Set<string> },
      ) => client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
      // A first-party client (the hub's own application) needs no consent screen: its grant is
      // made here with what it asked for. Other clients keep the consent prompt.
      loadExistingGrant: async (
        ctx: KoaContextWithOIDC & { oidc: { provider: Provider; result?: InteractionResults } },
      ) => {
        const client = ctx.oidc.client;
        const session = ctx.oidc.session as {
          accountId?: string;
          grantIdFor(id: string): string | undefined;
        };
        if (!client || !session.accountId) return undefined;
        const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        // The person allowed this client before, in another sign-in session: the decision stands.
        const remembered = await payloads.findByUid(
          'Grant',
          grantKey(session.accountId, client.clientId),
          now(),
        );
        if (remembered) return ctx.oidc.provider.Grant.find(remembered.id);
        const row = await clients.find(client.clientId);
        if (row?.first_party !== 1) return undefined;
        const grant = new ctx.oidc.provider.Grant({
          accountId: session.accountId,
          clientId: client.clientId,
        });
        grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
        await grant.save();
        return grant;
      },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: false },
        registration: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
        // A client may revoke only its own tokens.
        revocation: {
          enabled: true,
          allowedPolicy: async (_ctx: unknown, client: ClientInstance, token: { clientId?: string }) =>
            token.clientId === client.clientId,
        },
        // Introspection answers only a confidential client, and only about its own tokens.
        introspection: {
          enabled: true,
          allowedPolicy: async (_ctx: unknown, client: ClientInstance, token: { clientId?: string }) =>
            client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
        },
        userinfo: { enabled: true },
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          // No inline script or style: the hub's CSP holds here too.
          logoutSource: async (
            ctx: PageContext & {
              body: string;
              oidc: { params?: Record<string, unknown> };
              response: { get(name: string): string };
              set(name: string, value: string): void;
            },
            form: string,
          ) => {
            // The confirmation is a form whose answer redirects to the client's registered
            // post-logout address: browsers check that redirect against form-action.
            const target = ctx.oidc.params?.post_logout_redirect_uri;
            const csp = ctx.response.get('content-security-policy');
            if (typeof target === 'string' && URL.canParse(target) && csp)
              ctx.set('content-security-policy', withFormAction(csp, [new URL(target).origin]));
            ctx.body = signOutPage(pageLanguage(ctx), form);
          },
          postLogoutSuccessSource: async (ctx: PageContext & { body: string }) => {
            ctx.body = signedOutPage(pageLanguage(ctx));
          },
        },
      },
      interactions: {
        policy: prompts,
        url: async (_ctx: unknown, interaction: { uid: string }) => interactionPath(interaction.uid),
      },
      // In the reader's language (issue #18); the error's code and description stay as they are.
      renderError: async (ctx: PageContext & { type: string; body: string }, out: Record<string, string>) => {
        ctx.type = 'html';
        ctx.body = errorPage(pageLanguage(ctx), out);
      },
    });
    // Behind the hub, Fastify decides the client's address and protocol (TRUST_PROXY); the
    // request handed over carries what it decided (see routes.ts).
    provider.proxy = true;
    adoptHubSession(provider);
    // The hub stores only a hash of a client's secret; the one presented is hashed and compared,
    // with the previous secret while a rotation's grace lasts.
    provider.Client.prototype.compareClientSecret = async function compare(
      this: ClientInstance,
      actual: string,
    ) {
      const row = await clients.find(this.clientId);
      if (!row || typeof actual !== 'string') return false;
      const hash = sha256(actual);
      if (row.secret_hash && sameHash(row.secret_hash, hash)) return true;
      const graceLasts = (row.previous_secret_expires_at ?? 0) > now();
      return Boolean(graceLasts && row.previous_secret_hash && sameHash(row.previous_secret_hash, hash));
    };
    provider.on('authorization.success', (ctx: unknown) =>
      audit('oidc.authorize', 'success', ctx, { client: clientOf(ctx) }),
    );
    // A restricted tool's refusal without an interaction (prompt=none) is audited as the one after
    // a sign-in is (oidc/interaction.ts) and as the tool login's (sso/tool-access.ts).
    provider.on('authorization.error', (ctx: KoaContextWithOIDC, error: { error_description?: string }) => {
      const accountId = ctx?.oidc?.session?.accountId;
      const clientId = ctx?.oidc?.client?.clientId;
      if (error?.error_description !== TOOL_MEMBERSHIP_DESCRIPTION || !accountId || !clientId) return;
      track(
        clients.find(clientId).then((row) =>
          recordToolRefusal(
            hub,
            {
              accountId,
              ip: ctx.ip ?? null,
              platform: row?.platform ?? null,
              method: 'oidc',
              tid: row?.tid ?? null,
              client: clientId,
            },
            now(),
          ),
        ),
      );
    });
    // An open tool's new user joins it by signing in through it, as the tool login does it.
    provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc?.session?.accountId;
      const clientId = ctx.oidc?.client?.clientId;
      if (accountId && clientId) track(joinOpenTool(accountId, clientId));
    });
    provider.on('authorization.error', (ctx: unknown, error: { error?: string }) =>
      audit('oidc.authorize', 'failure', ctx, { client: clientOf(ctx), error: error?.error ?? 'error' }),
    );
    provider.on('grant.success', (ctx: unknown) =>
      audit('oidc.token', 'success', ctx, { client: clientOf(ctx) }),
    );
    provider.on(
      'grant.error',
      (ctx: unknown, error: { error?: string; error_detail?: string; message?: string }) => {
        // A refresh token or code presented again: the grant is revoked; the audit says so.
        const reuse = /already (used|consumed)/.test(`${error?.error_detail ?? ''} ${error?.message ?? ''}`);
        audit(reuse ? 'oidc.refresh_reuse' : 'oidc.token', 'failure', ctx, {
          client: clientOf(ctx),
          error: error?.error ?? 'error',
        });
      },
    );
    // RP-initiated logout ends the hub session too, as single logout does (sso/sign-out.ts).
    provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
      track(endHubSession(hub, hubSessionTokenOf(ctx)));
    });
    // The provider does not wait for its event handlers. A logout's answer waits for the hub
    // session's end, so the next request of the browser (a sign-in at once, say) never finds it
    // still live: on PostgreSQL it did, and a sign-in adopted the session the logout then ended.
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
      await next();
      if (ctx.oidc?.route === 'end_session_confirm') await Promise.all([...pendingAudits]);
    });
    provider.on('end_session.success', (ctx: unknown) =>
      audit('oidc.logout', 'success', ctx, { client: clientOf(ctx) }),
    );
    provider.on('backchannel.error', (_ctx: unknown, _error: unknown, client: ClientInstance) =>
      audit('oidc.backchannel_logout', 'failure', undefined, { client: client?.clientId ?? null }),
    );
    return provider;
  };

  let built: { provider: Provider; fingerprint: string; recheckAt: number } | undefined;
  // One look-up at a time: requests arriving together while the key set is checked (at start, or
  // every few seconds) wait for the same one instead of each building a provider or making a key.
  let checking: Promise<Provider> | undefined;
  const check = async () => {
    const jwks = await hub.keys.providerJwks();
    if (built?.fingerprint !== jwks.fingerprint)
      built = {
        provider: build(await loadOidcProvider(), jwks),
        fingerprint: jwks.fingerprint,
        recheckAt: 0,
      };
    // A rotation shows within the same recheck as the key that signs ainfo.
    built.recheckAt = now() + policy.signingKeyRecheckMs;
    return built.provider;
  };
  const provider = async () => {
    if (built && now() < built.recheckAt) return built.provider;
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  return {
    provider,
    idle: async () => {
      await Promise.all([...pendingAudits]);
    },
    async acrValuesOf(uid) {
      const interaction = await (await provider()).Interaction.find(uid);
      const asked = interaction?.params.acr_values;
      return typeof asked === 'string' ? asked.split(' ').filter(Boolean) : [];
    },
    async finishInteraction(uid, result) {
      const current = await provider();
      const interaction = await current.Interaction.find(uid);
      if (!interaction) throw new Error('interaction not found or expired');
      // What an earlier interaction of the same request resolved (the sign-in, before consent)
      // stays resolved, as oidc-provider's own interactionResult does it.
      interaction.result = result.error ? result : { ...interaction.lastSubmission, ...result };
      await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
      return interaction.returnTo;
    },
  };
};

interface ProviderSession {
  accountId?: string;
  loginTs?: number;
  amr?: string[];
  acr?: string;
  authorizations?: Record<string, unknown>;
  touched?: boolean;
  loginAccount(details: { accountId: string; loginTs?: number; amr?: string[]; acr?: string }): void;
}

const clientOf = (ctx: unknown) => (ctx as KoaContextWithOIDC | undefined)?.oidc?.client?.clientId ?? null;
