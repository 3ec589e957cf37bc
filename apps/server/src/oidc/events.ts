import type Provider from 'oidc-provider';
import type { ClientInstance, KoaContextWithOIDC } from 'oidc-provider';
import type { Hub } from '../hub.js';
import { type AuditEvent, type RequestOrigin, recordAudit } from '../services/audit.js';
import { endHubSession } from '../sso/sign-out.js';
import { recordToolRefusal } from '../sso/tool-access.js';
import type { OidcClientQueries } from '../storage/oidc.js';
import type { EndedSessions } from '../storage/sessions.js';
import { TOOL_MEMBERSHIP_DESCRIPTION } from './constants.js';
import { hubRequestOrigin } from './pages.js';
import { hubSessionTokenOf, joinOpenTool } from './session-bridge.js';

type Outcome = 'success' | 'failure' | 'refused';

const clientOf = (ctx: unknown) => (ctx as KoaContextWithOIDC | undefined)?.oidc?.client?.clientId ?? null;

/** The account a provider request is about: its session's, or the token's or grant's it presents. */
const accountOf = (ctx: KoaContextWithOIDC | undefined) => {
  const entities = ctx?.oidc?.entities as {
    Account?: { accountId?: string };
    Grant?: { accountId?: string };
  };
  return ctx?.oidc?.session?.accountId ?? entities?.Account?.accountId ?? entities?.Grant?.accountId ?? null;
};

/**
 * Where a provider request came from: the hub's request it was handed over from (pages.ts), so its
 * audit row carries the request id and browser as the hub's own do; none for background work.
 */
const originOfContext = (ctx: KoaContextWithOIDC | undefined): RequestOrigin | null => {
  if (!ctx) return null;
  return hubRequestOrigin(ctx.req) ?? { ip: ctx.ip ?? null, requestId: undefined, userAgent: undefined };
};

/** What every handler writes through: the hub, the client rows, and the tracked background work. */
interface Sink {
  hub: Hub;
  clients: OidcClientQueries;
  track(work: Promise<void>): void;
  audit(event: AuditEvent, outcome: Outcome, ctx: unknown, detail?: Record<string, unknown>): void;
  pending: Set<Promise<void>>;
}

/**
 * A restricted tool's refusal without an interaction (prompt=none) is audited as the one after a
 * sign-in is (oidc/interaction.ts) and as the tool login's (sso/complete-sign-in.ts).
 */
const auditToolRefusal =
  ({ hub, clients, track }: Sink) =>
  (ctx: KoaContextWithOIDC, error: { error_description?: string }) => {
    const accountId = ctx?.oidc?.session?.accountId;
    const clientId = ctx?.oidc?.client?.clientId;
    if (error?.error_description !== TOOL_MEMBERSHIP_DESCRIPTION || !accountId || !clientId) return;
    const refusal = async () => {
      const row = await clients.find(clientId);
      await recordToolRefusal(
        hub,
        {
          accountId,
          from: originOfContext(ctx),
          platform: row?.platform ?? null,
          method: 'oidc',
          tid: row?.tid ?? null,
          client: clientId,
        },
        hub.now(),
      );
    };
    track(refusal());
  };

const onAuthorization = (provider: Provider, sink: Sink) => {
  const { hub, clients, track, audit } = sink;
  provider.on('authorization.success', (ctx: unknown) =>
    audit('oidc.authorize', 'success', ctx, { client: clientOf(ctx) }),
  );
  provider.on('authorization.error', auditToolRefusal(sink));
  // An open tool's new user joins it by signing in through it, as the tool login does it.
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc?.session?.accountId;
    const clientId = ctx.oidc?.client?.clientId;
    if (accountId && clientId) track(joinOpenTool(hub, clients, accountId, clientId));
    // The Devices page lists the clients each hub session signed into.
    const hubSessionId = (ctx.oidc?.session as { hubSessionId?: string } | undefined)?.hubSessionId;
    if (hubSessionId && clientId) {
      const name = ctx.oidc.client?.clientName ?? clientId;
      track(
        hub.sessions.recordSignIn(
          { sessionId: hubSessionId, kind: 'client', ref: clientId, name },
          hub.now(),
        ),
      );
    }
  });
  provider.on('authorization.error', (ctx: unknown, error: { error?: string }) =>
    audit('oidc.authorize', 'failure', ctx, { client: clientOf(ctx), error: error?.error ?? 'error' }),
  );
};

const onGrant = (provider: Provider, { audit }: Sink) => {
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
};

const onLogout = (provider: Provider, { hub, track, audit, pending }: Sink) => {
  // RP-initiated logout ends the hub session too, as single logout does (sso/sign-out.ts).
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    track(endHubSession(hub, hubSessionTokenOf(hub, ctx)));
  });
  // The provider does not wait for its event handlers. A logout's answer waits for the hub
  // session's end, so the next request of the browser (a sign-in at once, say) never finds it
  // still live: on PostgreSQL it did, and a sign-in adopted the session the logout then ended.
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route === 'end_session_confirm') await Promise.all([...pending]);
  });
  provider.on('end_session.success', (ctx: unknown) =>
    audit('oidc.logout', 'success', ctx, { client: clientOf(ctx) }),
  );
  provider.on('backchannel.error', (_ctx: unknown, _error: unknown, client: ClientInstance) =>
    audit('oidc.backchannel_logout', 'failure', undefined, { client: client?.clientId ?? null }),
  );
};

/**
 * Single sign-out's back-channel logout (sso/session-end.ts): every client with a back-channel
 * logout URI that a hub session that ended signed into gets a logout token (with its `sid`). A
 * client that fails to answer is audited; the sign-out stands.
 */
export const tellClientsSignedOut = async (
  provider: Provider,
  ended: EndedSessions,
  audit: (event: AuditEvent, outcome: Outcome, ctx: unknown, detail?: Record<string, unknown>) => void,
) => {
  await Promise.all(
    ended.oidc.map(async ({ accountId, clientId, sid }) => {
      const client = await provider.Client.find(clientId);
      const uri = (client as { backchannelLogoutUri?: string } | undefined)?.backchannelLogoutUri;
      if (!client || !uri) return;
      try {
        await (
          client as unknown as { backchannelLogout(sub: string, sid?: string): Promise<void> }
        ).backchannelLogout(accountId, sid);
      } catch {
        audit('oidc.backchannel_logout', 'failure', undefined, { client: clientId });
      }
    }),
  );
};

/**
 * What the provider reports, turned into the hub's audit rows and effects. oidc-provider reports
 * through events it does not wait for: the rows are written beside the response, and closing the
 * app waits for the ones still under way (`idle`). Times are the hub's clock.
 */
export const createOidcEvents = (hub: Hub, clients: OidcClientQueries) => {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked: Promise<void> = work
      .catch((error: unknown) =>
        hub.log.warn({ err: (error as Error).message }, 'oidc: a background write failed'),
      )
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const audit = (event: AuditEvent, outcome: Outcome, ctx: unknown, detail = {}) => {
    const context = ctx as KoaContextWithOIDC | undefined;
    const row = { event, outcome, accountId: accountOf(context), from: originOfContext(context), detail };
    track(recordAudit(hub.db, row, hub.now()));
  };
  const sink: Sink = { hub, clients, track, audit, pending };
  return {
    /** Subscribes the audit and the effects to a newly built provider's events. */
    subscribe: (provider: Provider) => {
      onAuthorization(provider, sink);
      onGrant(provider, sink);
      onLogout(provider, sink);
    },
    audit,
    /** Resolves once the rows and effects of the requests answered so far are written. */
    idle: async () => {
      await Promise.all([...pending]);
    },
  };
};
