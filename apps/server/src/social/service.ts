import { randomUUID } from 'node:crypto';
import {
  formatAccountForDisplay,
  isSafeSubcb,
  loginRefusal,
  type Platform,
  routePath,
  SOCIAL_LINKED_PARAM,
  type SocialErrorCode,
  type SocialIntent,
  type SocialProvider,
} from '@hub/core';
import * as client from 'openid-client';
import { HubError } from '../errors.js';
import type { FlowCaller } from '../flows/caller.js';
import { contextQuery, parseContext, toContextRecord } from '../flows/flow-context.js';
import {
  type FlowRow,
  findFlow,
  flowRefusal,
  moveFlow,
  newFlowRecord,
  tryMoveFlow,
} from '../flows/flow-record.js';
import { toolOfSession } from '../flows/login/service.js';
import { OWNER_U_TYPE, registerVerifiedEmail } from '../flows/new-account.js';
import { checkAccountPassword } from '../flows/password-check.js';
import { type SocialFlowContext, socialStates } from '../flows/social/flow.js';
import { switchingRedirect } from '../flows/switching-redirect.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { sha256 } from '../services/tokens.js';
import type { AccountRow } from '../storage/accounts.js';
import { createSocialIdentityQueries } from '../storage/social-identities.js';
import type { ToolRow } from '../storage/tools.js';
import { type ProviderIdentity, ProviderUnavailable, type SocialProviders } from './providers.js';

/** The end of a provider callback: sign in (the caller completes), ask for a password, or an error. */
export type CallbackResult =
  | { next: 'sign_in'; accountId: string; platform: Platform; context: SocialFlowContext }
  | { next: 'redirect'; location: string };

export const socialDeps = (hub: Hub, providers: SocialProviders) => ({
  hub,
  providers,
  identities: createSocialIdentityQueries(hub.db),
});
export type SocialDeps = ReturnType<typeof socialDeps>;

const screenOf = {
  login: 'login',
  signup: 'registration',
  tool_login: 'tool_login',
  link: 'account_security',
} as const;

/** The screen a provider sign-in started on; a link goes back to the account center's page. */
const screenPath = (platform: Platform, intent: SocialIntent) =>
  intent === 'link' ? routePath(screenOf.link) : routePath(screenOf[intent], { platform });

/** The screen a provider sign-in returns to with an error: the screen it came from. */
export const errorLocation = (
  platform: Platform,
  intent: SocialIntent,
  provider: SocialProvider,
  code: SocialErrorCode,
  context: Pick<SocialFlowContext, 'from' | 'subcb' | 'oidc'> = {},
) =>
  `${screenPath(platform, intent)}${contextQuery(
    {
      ...(context.from ? { from: context.from } : {}),
      ...(context.subcb ? { subcb: context.subcb } : {}),
      ...(context.oidc ? { oidc: context.oidc } : {}),
    },
    { social_error: code, provider },
  )}`;

/** Whether the hub is configured for this provider now (its button is shown, its routes answer). */
const isEnabled = (deps: SocialDeps, provider: SocialProvider) => deps.providers.enabled().includes(provider);

/**
 * Who starts a provider sign-in: the client IP for the throttle, and the browser's flow binding,
 * made (a cookie set) only once the provider is known to be enabled.
 */
export interface StartCaller extends ClientOrigin {
  bind: () => string;
  /** The account this browser is signed in as (a link adds the provider to it), if any. */
  signedInAccountId?: string | undefined;
}

/**
 * GET /auth/social/:provider/start: a flow with fresh state, nonce and PKCE verifier; where the
 * browser goes next (the provider's URL, or the screen with the reason it cannot).
 */
export const startSocialSignIn = async (
  deps: SocialDeps,
  starter: StartCaller,
  input: {
    provider: SocialProvider;
    platform: Platform;
    intent: SocialIntent;
    from?: string;
    subcb?: string;
    /** The OpenID Connect interaction the sign-in ends; the callback's completion exits to its client. */
    oidc?: string;
  },
): Promise<string> => {
  const { hub, providers } = deps;
  // A refusal before the flow exists still returns to the client's sign-in (its interaction).
  const interaction = input.oidc && input.intent !== 'link' ? { oidc: input.oidc } : {};
  if (!isEnabled(deps, input.provider)) {
    return errorLocation(input.platform, input.intent, input.provider, 'disabled', interaction);
  }
  // A link is for the signed-in account only; without a session there is nothing to link to.
  if (input.intent === 'link' && !starter.signedInAccountId) {
    return errorLocation(input.platform, input.intent, input.provider, 'state_refused');
  }
  const { ip, requestId, userAgent } = starter;
  const caller: FlowCaller = { ip, requestId, userAgent, binding: starter.bind() };
  await hub.throttle.consume('lookupPerIp', caller.ip);
  // The exit would refuse it after the provider; refuse it before (the one subcb rule).
  if (input.subcb && !isSafeSubcb(input.subcb)) {
    return errorLocation(input.platform, input.intent, input.provider, 'state_refused', interaction);
  }
  // The page's context, its `from` parsed once (flows/flow-context.ts).
  const record = toContextRecord({
    ...(input.from ? { from: input.from } : {}),
    ...(input.subcb ? { subcb: input.subcb } : {}),
    // A link is the account center's, never a sign-in: it ends no interaction.
    ...interaction,
  });
  if (input.intent === 'tool_login' && !(await toolOfSession(hub, record.tool))) {
    // A tool login names its tool in `from`; without one there is nothing to sign in to.
    return errorLocation(input.platform, input.intent, input.provider, 'state_refused', interaction);
  }
  const state = client.randomState();
  const checks = { state, nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const context: SocialFlowContext = {
    ...record,
    provider: input.provider,
    intent: input.intent,
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
  };
  let url: URL;
  try {
    url = await providers.authorizationUrl(input.provider, checks);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    hub.log.warn({ provider: input.provider, reason: error.message }, 'social sign-in: provider unavailable');
    await recordAudit(
      hub.db,
      {
        event: 'social.refused',
        outcome: 'refused',
        from: caller,
        detail: { provider: input.provider, reason: 'unavailable', platform: input.platform },
      },
      hub.now(),
    );
    return errorLocation(input.platform, input.intent, input.provider, 'unavailable', context);
  }
  const flow = newFlowRecord({
    kind: 'social',
    state: socialStates.started,
    platform: input.platform,
    accountId: input.intent === 'link' ? (starter.signedInAccountId ?? null) : null,
    identifier: null,
    context,
    binding: caller.binding,
    ttlMs: policy.socialFlowTtlMs,
    now: hub.now(),
  });
  // The callback finds its flow by the state alone.
  await hub.flows.insert(hub.db, { ...flow, id: sha256(state) });
  return url.href;
};

/** The flow as loadFlow would find it, or undefined: a callback answers with a redirect, not an error. */
const loadSocialFlow = async (hub: Hub, flowId: string, binding: string | undefined) => {
  const flow = await findFlow(hub, flowId, 'social');
  if (!flow || flowRefusal(flow, 'social', binding, hub.now())) return undefined;
  return { flow, context: parseContext(flow.context) as SocialFlowContext };
};

/** A callback that took its flow: from here on this request alone holds it (in `exchanging`). */
interface ClaimedCallback {
  flow: FlowRow<'social'>;
  context: SocialFlowContext;
  provider: SocialProvider;
  state: string;
  /** The callback's request. */
  from: ClientOrigin;
}

type Redirect = { next: 'redirect'; location: string };

/**
 * GET /auth/social/:provider/callback. The provider must still be enabled; the state must name a
 * live flow of this browser for this provider, taken once (a replayed callback finds it already
 * moving). Then the code is exchanged with PKCE and the identity decides the outcome: a linked
 * identity signs in, a verified email of an existing account asks for its password, a new person
 * gets an account.
 */
export const finishSocialCallback = async (
  deps: SocialDeps,
  caller: ClientOrigin & {
    binding: string | undefined;
    /** The account this browser is signed in as now; asked only by a link. */
    signedInAccountId?: () => Promise<string | undefined>;
  },
  provider: SocialProvider,
  callbackUrl: URL,
): Promise<CallbackResult> => {
  const { hub } = deps;
  if (!isEnabled(deps, provider)) {
    return { next: 'redirect', location: errorLocation('psl', 'login', provider, 'disabled') };
  }
  const claimed = await claimCallbackFlow(hub, caller, provider, callbackUrl);
  if ('next' in claimed) return claimed;
  const identity = await providerIdentity(deps, claimed, callbackUrl);
  if (typeof identity === 'string') return failCallback(hub, claimed, identity);
  if (claimed.context.intent === 'link') {
    return linkToSignedIn(deps, claimed, identity, await caller.signedInAccountId?.());
  }

  // Spec §4: a tool login is for the tool's own members, whichever way they sign in.
  const { context } = claimed;
  const tool = context.intent === 'tool_login' ? await toolOfSession(hub, context.tool) : undefined;
  if (context.intent === 'tool_login' && !tool) return failCallback(hub, claimed, 'state_refused');

  const linked = await deps.identities.find(provider, identity.subject);
  if (linked) return signInLinkedIdentity(hub, claimed, linked.account_id, tool);
  if (!identity.email) return failCallback(hub, claimed, 'email_missing');
  // An unverified email proves nothing about who holds it: never link or create from one.
  if (!identity.emailVerified) return failCallback(hub, claimed, 'email_unverified');
  const existing = await hub.accounts.findByIdentifier('email', identity.email);
  if (existing) return askPasswordToLink(hub, claimed, existing, identity.subject, identity.email, tool);
  return createFromIdentity(deps, claimed, identity, identity.email, tool);
};

/**
 * The flow the callback's state names, moved from `started` to `exchanging` by this request alone;
 * or, when there is none (forged, of another browser or provider, replayed), the refusal: back to
 * the screen this browser's flow started on when it has one (a replay), else Personal's login.
 */
const claimCallbackFlow = async (
  hub: Hub,
  caller: ClientOrigin & { binding: string | undefined },
  provider: SocialProvider,
  callbackUrl: URL,
): Promise<ClaimedCallback | Redirect> => {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const loaded = state ? await loadSocialFlow(hub, sha256(state), caller.binding) : undefined;
  const moved =
    loaded !== undefined &&
    loaded.context.provider === provider &&
    (await tryMoveFlow(hub, hub.db, loaded.flow, {
      from: socialStates.started,
      to: socialStates.exchanging,
    }));
  if (loaded && moved) return { ...loaded, provider, state, from: caller };
  await recordAudit(
    hub.db,
    {
      event: 'social.refused',
      outcome: 'refused',
      from: caller,
      detail: { provider, reason: 'state_refused' },
    },
    hub.now(),
  );
  const location = loaded
    ? errorLocation(loaded.flow.platform, loaded.context.intent, provider, 'state_refused', loaded.context)
    : errorLocation('psl', 'login', provider, 'state_refused');
  return { next: 'redirect', location };
};

/** The identity the provider vouches for, or why there is none (cancelled, or the provider failed). */
const providerIdentity = async (
  deps: SocialDeps,
  { provider, state, context }: ClaimedCallback,
  callbackUrl: URL,
): Promise<ProviderIdentity | SocialErrorCode> => {
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) {
    if (providerError === 'access_denied') return 'cancelled';
    deps.hub.log.warn(
      { provider, error: providerError, description: callbackUrl.searchParams.get('error_description') },
      'social sign-in: the provider answered an error',
    );
    return 'unavailable';
  }
  try {
    return await deps.providers.exchange(provider, callbackUrl, {
      state,
      nonce: context.nonce,
      codeVerifier: context.codeVerifier,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    deps.hub.log.warn(
      { provider, reason: error.message, err: error.cause },
      'social sign-in: code exchange failed',
    );
    return 'unavailable';
  }
};

/** The flow ends `failed`, the refusal is audited, and the browser goes back to its screen with the reason. */
const failCallback = async (
  hub: Hub,
  { flow, context, provider, from }: ClaimedCallback,
  code: SocialErrorCode,
  accountId: string | null = null,
): Promise<Redirect> => {
  await tryMoveFlow(hub, hub.db, flow, { from: socialStates.exchanging, to: socialStates.failed });
  await recordAudit(
    hub.db,
    {
      event: 'social.refused',
      outcome: 'refused',
      accountId,
      from,
      detail: { provider, reason: code, platform: flow.platform },
    },
    hub.now(),
  );
  return {
    next: 'redirect',
    location: errorLocation(flow.platform, context.intent, provider, code, context),
  };
};

/**
 * A link from the account center: the identity joins the account that started the flow, which must
 * still be the one signed in at this browser. The provider's email plays no part (the identity is
 * proved by the provider, the account by its session), so it need not be verified nor match. An
 * identity linked to another account is refused; one linked to this account already is fine; an
 * account holds one identity per provider. Back to the account center's page, with the outcome.
 */
const linkToSignedIn = async (
  deps: SocialDeps,
  claimed: ClaimedCallback,
  identity: ProviderIdentity,
  signedInAccountId: string | undefined,
): Promise<CallbackResult> => {
  const { hub } = deps;
  const { flow, provider, from } = claimed;
  const accountId = flow.account_id;
  if (!accountId || accountId !== signedInAccountId) return failCallback(hub, claimed, 'state_refused');
  const done: Redirect = {
    next: 'redirect',
    location: `${routePath('account_security')}?${SOCIAL_LINKED_PARAM}=${provider}`,
  };
  const holder = await deps.identities.find(provider, identity.subject);
  if (holder && holder.account_id !== accountId) {
    return failCallback(hub, claimed, 'already_linked', accountId);
  }
  if (holder) {
    await tryMoveFlow(hub, hub.db, flow, { from: socialStates.exchanging, to: socialStates.completed });
    return done;
  }
  const own = await deps.identities.forAccount(accountId);
  if (own.some((linked) => linked.provider === provider)) {
    return failCallback(hub, claimed, 'provider_linked', accountId);
  }
  const move = { from: socialStates.exchanging, to: socialStates.completed };
  try {
    await moveFlow(hub, flow, move, async (trx, now) => {
      await deps.identities.insert(trx, {
        provider,
        subject: identity.subject,
        account_id: accountId,
        email: identity.email ?? null,
        created_at: now,
      });
      await recordAudit(
        trx,
        { event: 'account.provider_linked', outcome: 'success', accountId, from, detail: { provider } },
        now,
      );
    });
  } catch (error) {
    if (error instanceof HubError) throw error;
    // The unique (provider, subject): the same identity was linked a moment earlier elsewhere.
    hub.log.warn({ reason: (error as Error).message }, 'social link: lost a race');
    return failCallback(hub, claimed, 'already_linked', accountId);
  }
  return done;
};

/** On a tool login, an account that is not the tool's member is refused whichever way it came. */
const outsideTool = async (hub: Hub, tool: ToolRow | undefined, accountId: string) =>
  tool !== undefined && !(await hub.tools.isMember(tool.tid, accountId));

/** Outcome 1: the identity is linked already; its account signs in (or goes on to switching). */
const signInLinkedIdentity = async (
  hub: Hub,
  claimed: ClaimedCallback,
  accountId: string,
  tool: ToolRow | undefined,
): Promise<CallbackResult> => {
  const { flow, context } = claimed;
  const account = await hub.accounts.findById(accountId);
  if (!account) return failCallback(hub, claimed, 'state_refused');
  const refusal = refusalOf(account, flow.platform);
  if (refusal) return failCallback(hub, claimed, refusal, account.id);
  if (await outsideTool(hub, tool, account.id)) {
    return failCallback(hub, claimed, 'not_registered_to_tool', account.id);
  }
  const switching = await switchingFor(hub, account, flow.platform, context);
  await tryMoveFlow(hub, hub.db, flow, {
    from: socialStates.exchanging,
    to: socialStates.completed,
    changes: { account_id: account.id },
  });
  return switching ?? { next: 'sign_in', accountId: account.id, platform: flow.platform, context };
};

/**
 * Outcome 2: a verified email of an existing account. Never linked silently: the flow waits for
 * that account's password, once, on the login screen, as the consent to link.
 */
const askPasswordToLink = async (
  hub: Hub,
  claimed: ClaimedCallback,
  existing: AccountRow,
  subject: string,
  email: string,
  tool: ToolRow | undefined,
): Promise<CallbackResult> => {
  const { flow, context } = claimed;
  const refusal = refusalOf(existing, flow.platform);
  if (refusal) return failCallback(hub, claimed, refusal, existing.id);
  if (await outsideTool(hub, tool, existing.id)) {
    return failCallback(hub, claimed, 'not_registered_to_tool', existing.id);
  }
  const waiting: SocialFlowContext = { ...context, identity: { subject, email } };
  await tryMoveFlow(hub, hub.db, flow, {
    from: socialStates.exchanging,
    to: socialStates.awaitingPassword,
    changes: { account_id: existing.id, context: JSON.stringify(waiting) },
  });
  const query = contextQuery(context, { social: flow.id });
  return { next: 'redirect', location: `${routePath('login', { platform: flow.platform })}${query}` };
};

/** Outcome 3: a new person, who belongs to no tool yet (a tool login cannot create them). */
const createFromIdentity = async (
  deps: SocialDeps,
  claimed: ClaimedCallback,
  identity: ProviderIdentity,
  email: string,
  tool: ToolRow | undefined,
): Promise<CallbackResult> => {
  const { hub } = deps;
  const { flow, context } = claimed;
  if (tool) return failCallback(hub, claimed, 'not_registered_to_tool');
  const accountId = await createSocialAccount(deps, claimed, identity, email);
  if (!accountId) return failCallback(hub, claimed, 'state_refused');
  return { next: 'sign_in', accountId, platform: flow.platform, context };
};

const refusalOf = (account: AccountRow, platform: Platform): SocialErrorCode | undefined => {
  const refusal = loginRefusal(account.user_type, platform);
  if (refusal === 'account.client_refused') return 'client_refused';
  if (refusal === 'account.company_on_personal') return 'company_on_personal';
  return undefined;
};

/** Spec §4: an account of the other platform goes on to switching option1, as after a password. */
const switchingFor = async (
  hub: Hub,
  account: AccountRow,
  platform: Platform,
  context: SocialFlowContext,
) => {
  if (!account.email) return undefined;
  const memberships = await hub.accounts.memberships(account.id);
  if (memberships.some((m) => m.platform === platform)) return undefined;
  return switchingRedirect(platform, { kind: 'email', value: account.email }, context);
};

/**
 * A new person: an account on the platform they came from, verified by the provider, with no
 * password (they may set one through reset), its membership and the identity, in one transaction.
 */
const createSocialAccount = async (
  deps: SocialDeps,
  { flow, provider, from }: ClaimedCallback,
  identity: ProviderIdentity,
  email: string,
): Promise<string | undefined> => {
  const { hub } = deps;
  const accountId = randomUUID();
  const account = { id: accountId, email, passwordHash: null, platform: flow.platform, uType: OWNER_U_TYPE };
  try {
    const move = { from: socialStates.exchanging, to: socialStates.completed };
    await registerVerifiedEmail(hub, flow, move, account, async (trx, now) => {
      await deps.identities.insert(trx, {
        provider,
        subject: identity.subject,
        account_id: accountId,
        email,
        created_at: now,
      });
      await recordAudit(
        trx,
        {
          event: 'social.linked',
          outcome: 'success',
          accountId,
          from,
          detail: { provider, created: true, platform: flow.platform },
        },
        now,
      );
    });
  } catch (error) {
    // A database fault is no race: it answers 503, and the flow is left as it was for a new try.
    if (error instanceof HubError && error.code === 'service.unavailable') throw error;
    // The unique email or (provider, subject): a concurrent sign-in of the same person won.
    hub.log.warn({ reason: (error as Error).message }, 'social sign-in: account creation lost a race');
    return undefined;
  }
  return accountId;
};

/** GET /api/social/link: what the password step shows (the account and the provider). */
export const socialLinkState = async (deps: SocialDeps, binding: string, flowId: string) => {
  const loaded = await loadSocialFlow(deps.hub, flowId, binding);
  if (!loaded || loaded.flow.state !== socialStates.awaitingPassword || !loaded.context.identity) {
    throw new HubError('flow.not_found');
  }
  return {
    provider: loaded.context.provider,
    account: { display: formatAccountForDisplay(loaded.context.identity.email, 'email') },
  };
};

/**
 * POST /api/social/link: the existing account's password links the provider identity to it
 * (never silently). A wrong password counts like any other and links nothing.
 */
export const linkAfterPassword = async (
  deps: SocialDeps,
  caller: FlowCaller,
  flowId: string,
  password: string,
) => {
  const { hub } = deps;
  const loaded = await loadSocialFlow(hub, flowId, caller.binding);
  const { flow, context } = loaded ?? {};
  if (!flow || !context?.identity || flow.state !== socialStates.awaitingPassword || !flow.account_id) {
    throw new HubError('flow.not_found');
  }
  // A provider turned off since the callback links nothing: checked before the password counts
  // and before the link commits, so the flow still waits should the provider come back.
  if (!isEnabled(deps, context.provider)) throw new HubError('flow.not_found');
  const account = await checkAccountPassword(hub, {
    accountId: flow.account_id,
    password,
    from: caller,
    failureEvent: 'login.failure',
  });
  const identity = context.identity;
  const move = { from: socialStates.awaitingPassword, to: socialStates.completed };
  await moveFlow(hub, flow, move, async (trx, now) => {
    if (await deps.identities.find(context.provider, identity.subject, trx))
      throw new HubError('flow.not_found');
    await deps.identities.insert(trx, {
      provider: context.provider,
      subject: identity.subject,
      account_id: account.id,
      email: identity.email,
      created_at: now,
    });
    await recordAudit(
      trx,
      {
        event: 'social.linked',
        outcome: 'success',
        accountId: account.id,
        from: caller,
        detail: { provider: context.provider, created: false, platform: flow.platform },
      },
      now,
    );
  });
  const switching = await switchingFor(hub, account, flow.platform, context);
  return { accountId: account.id, platform: flow.platform, context, provider: context.provider, switching };
};
