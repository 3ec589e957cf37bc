import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  accountNextPath,
  amrOf,
  buildPlatformExitUrl,
  type FirstFactor,
  type Language,
  loginRefusal,
  type Platform,
  routePath,
  type SecondFactorNeeded,
  type ToolSession,
} from '@hub/core';
import { HubError } from '../errors.js';
import { deviceCookie, deviceTokenOf, sessionCookie } from '../http/request-context.js';
import { type liveSession, newSessionToken, rememberDeviceSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { queueSecurityNotice } from '../mail/security-notice.js';
import { cancelDeletion } from '../services/account-erasure.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { describeDevice, deviceOf, recordSignInDevice } from '../services/device.js';
import { createAccountQueries } from '../storage/accounts.js';
import type { Db } from '../storage/db.js';
import { createKnownDeviceQueries } from '../storage/known-devices.js';
import { createSessionQueries } from '../storage/sessions.js';
import type { ToolRow } from '../storage/tools.js';
import { issueAinfo } from './ainfo.js';
import { checkSubcb } from './callbacks.js';
import { endSessions } from './session-end.js';
import { recordToolRefusal, type ToolAccess, type ToolReader } from './tool-access.js';
import { type ToolExit, toolAccessOfSession, toolExitUrl } from './tool-exit.js';

/**
 * What the pipeline reads of the flow's context: the tool session it came from and the page to
 * return to. A flow's whole context record fits; the exit needs no more of flows/ than this.
 */
export interface SignInContext {
  /** The page's `from` as it came, for the refusal's link back to the tool login. */
  from?: string;
  /** The tool session the sign-in came from, parsed once at the edge (flows/flow-context.ts). */
  tool?: ToolSession;
  subcb?: string;
  /** The OpenID Connect interaction the sign-in ends (its uid), when a client started it. */
  oidc?: string;
  /** The account center page a sign-in started there returns to (core accountNextPath). */
  next?: string;
}

/** A sign-in whose first factor was right: what a flow hands to the pipeline. */
export interface SignInOutcome {
  accountId: string;
  platform: Platform;
  authMethod: 'password' | 'signup' | 'session' | 'google' | 'facebook' | 'passkey';
  context: SignInContext;
  /** Returning from switching to a tool: the ainfo carries account type 3. */
  fromSwitching?: boolean;
  /** The second factors this sign-in proved (the second step, mfa/second-step.ts, resumes with them). */
  secondFactors?: string[];
  /** When the person last proved who they are (ms); the pipeline sets it: now, or the session's sign-in. */
  authTime?: number;
}

/** What of the HTTP request a sign-in reads: no step sees Fastify's request or reply. */
export interface SignInRequest extends ClientOrigin {
  cookies: Readonly<Record<string, string | undefined>>;
  /** The request's language (http/language.ts): a new-device notice's, when the account has none of its own. */
  language?: Language;
  /** The browser's live hub session (read once per request, http/session.ts currentSession). */
  session: () => ReturnType<typeof liveSession>;
  /** The tool registry, each tool read once per request (sso/tool-access.ts requestToolReader). */
  tools: ToolReader;
}

/** A cookie the route sets on its answer. */
export interface SignInCookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/**
 * What a sign-in asks the route to apply: cookies and headers to set, and either where the browser
 * goes (`location`) or the second step it must take first (`nextStep`, with the same step on the
 * login screen as its `location` for an answer that must be a redirect).
 */
export type SignInCompletion = {
  cookies: SignInCookie[];
  headers: Record<string, string>;
} & (
  | { location: string; nextStep?: undefined }
  | { location?: undefined; nextStep: SecondFactorNeeded & { location: string } }
);

/** The second-factor gate's stop: the second step, and the flow-binding cookie it may have made. */
export interface SecondFactorStop {
  nextStep: SecondFactorNeeded & { location: string };
  cookies: SignInCookie[];
}

/**
 * The steps of the sign-in pipeline. Every one is required (no `?`): a pipeline without one is a
 * type error, and createSignInPipeline refuses at start-up a step that a cast left out.
 */
export interface SignInSteps {
  /**
   * 1. The platform's rules every sign-in on it meets, whichever screen or method it came through
   * (core loginRefusal: a client account nowhere, a company account not on Personal). A refusal
   * throws before anything is written.
   */
  platformRules: (signIn: SignInOutcome) => Promise<void>;
  /**
   * 2. An account that confirms its sign-ins with a second factor (or a sign-in the platform, the
   * tool or the OpenID Connect client requires one for) stops here until it has
   * (mfa/second-step.ts). Nothing of the exit has happened yet.
   */
  secondFactor: (request: SignInRequest, signIn: SignInOutcome) => Promise<SecondFactorStop | undefined>;
  /** 3. Tool access for a sign-in through a tool (sso/tool-access.ts): allow, join or refuse. */
  toolAccess: (
    request: SignInRequest,
    signIn: SignInOutcome,
    session: ToolSession,
  ) => Promise<ToolAccess & { tool: ToolRow }>;
  /** 4. An OpenID Connect sign-in ends its interaction (oidc/interaction.ts): where the browser goes. */
  oidcReturn: (request: SignInRequest, accountId: string, uid: string, amr: string[]) => Promise<string>;
  /** 5. The platform or tool exit: a tool's registered callback with an ainfo, or the platform site's. */
  exit: (signIn: SignInOutcome, amr: string[], tool?: ToolSessionAccess) => Promise<ToolExit>;
  /**
   * 6. The hub session (unless the browser's own signed it in); a deletion asked for is cancelled.
   * `signedInto` is the tool the sign-in enters, recorded on the session (the Devices page).
   */
  session: (
    request: SignInRequest,
    signIn: SignInOutcome,
    amr: string[],
    signedInto?: { tid: number; name: string },
  ) => Promise<SignInCookie[]>;
}

/** A tool session and the access decided for it. */
export interface ToolSessionAccess {
  session: ToolSession;
  access: ToolAccess & { tool: ToolRow };
}

/** The order the steps run in (the pipeline's `steps`; sign-in-pipeline.test.ts checks buildApp wires them all). */
export const SIGN_IN_STEPS = [
  'platformRules',
  'secondFactor',
  'toolAccess',
  'oidcReturn',
  'exit',
  'session',
] as const;

/** What a route adds to one sign-in's completion. */
export interface SignInExtras {
  /**
   * Runs once the platform's rules and the second-factor gate let the sign-in through, before the
   * tool access and the exit: switching by Continue as links the account here (me/continue.ts).
   * A sign-in the gate stops does not run it (its second step does what the flow left to it).
   */
  beforeExit?: () => Promise<void>;
}

export interface SignInPipeline {
  readonly steps: readonly (keyof SignInSteps)[];
  /** Every sign-in ends here (docs/architecture.md "Every sign-in ends in one place"). */
  complete(request: SignInRequest, signIn: SignInOutcome, extras?: SignInExtras): Promise<SignInCompletion>;
}

/**
 * Where the tool login shows why a sign-in did not go on to a restricted tool: the screen reads
 * `refused` and names the tool ('Account is not registered to {tool name}').
 */
export const TOOL_REFUSAL_PARAM = 'refused';
export const TOOL_REFUSAL_NOT_MEMBER = 'not_registered_to_tool';

/**
 * The sign-in pipeline, assembled once at start-up (app.ts) from its required steps. It runs them
 * in order: the platform's rules, the second-factor gate, tool access, the OpenID Connect return or the platform or tool
 * exit, then the hub session and the audit. A restricted tool's membership is decided here, so no
 * screen or method (password, sign-up, switching, linking, Google, Facebook, passkey) can get
 * around it. A non-member still gets the hub session (they proved who they are, and a sign-up's
 * account exists) but no ainfo for the tool: they land on the tool login with the refusal shown.
 */
export const createSignInPipeline = (hub: Hub, steps: SignInSteps): SignInPipeline => {
  for (const name of SIGN_IN_STEPS) {
    if (typeof steps[name] !== 'function') throw new Error(`the sign-in pipeline has no ${name} step`);
  }
  const complete = async (
    request: SignInRequest,
    signIn: SignInOutcome,
    extras: SignInExtras = {},
  ): Promise<SignInCompletion> => {
    await steps.platformRules(signIn);
    const stop = await steps.secondFactor(request, signIn);
    if (stop) {
      const headers = { 'cache-control': 'no-store' };
      // A sign-in by the browser's session or by a new account answers with a redirect (the SSO
      // handler, Continue, the sign-up's last step): it goes to the same step on the login screen.
      return signIn.authMethod === 'session' || signIn.authMethod === 'signup'
        ? { cookies: stop.cookies, headers, location: stop.nextStep.location }
        : { cookies: stop.cookies, headers, nextStep: stop.nextStep };
    }
    await extras.beforeExit?.();
    const amr = await amrOfSignIn(hub, request, signIn);
    // A sign-in by the browser's session proved nothing new: the ainfo's auth_time is the session's.
    const held = signIn.authMethod === 'session' ? await request.session() : undefined;
    const timed = held ? { ...signIn, authTime: held.created_at } : signIn;
    const toolSession = signIn.context.oidc ? undefined : signIn.context.tool;
    const tool = toolSession
      ? { session: toolSession, access: await steps.toolAccess(request, signIn, toolSession) }
      : undefined;
    // An OpenID Connect sign-in ends its interaction; the provider answers the client from there.
    const exit: ToolExit = signIn.context.oidc
      ? { location: await steps.oidcReturn(request, signIn.accountId, signIn.context.oidc, amr) }
      : await steps.exit(timed, amr, tool);
    const entered = tool && !('notMemberOf' in exit && exit.notMemberOf) ? tool.access.tool : undefined;
    const cookies = await steps.session(
      request,
      signIn,
      amr,
      entered ? { tid: entered.tid, name: entered.name } : undefined,
    );
    const now = hub.now();
    const refused = 'notMemberOf' in exit;
    if (refused) {
      await recordToolRefusal(
        hub,
        {
          accountId: signIn.accountId,
          from: request,
          platform: signIn.platform,
          method: signIn.authMethod,
          tid: exit.notMemberOf.tid,
        },
        now,
      );
    }
    await recordAudit(
      hub.db,
      {
        event: signIn.authMethod === 'signup' ? 'signup.completed' : 'login.success',
        outcome: 'success',
        accountId: signIn.accountId,
        from: request,
        detail: {
          platform: signIn.platform,
          method: signIn.authMethod,
          tool: refused ? null : (toolSession?.tid ?? null),
        },
      },
      now,
    );
    return {
      cookies,
      // The answer holds an ainfo (or leads to one): no cache may keep it, and the page that hands
      // the proof over must not leak it in a Referer.
      headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      location: refused ? refusalLocation(signIn) : exit.location,
    };
  };
  return { steps: SIGN_IN_STEPS, complete };
};

/** The tool login of the same tool session, told to show why the sign-in stopped there. */
const refusalLocation = (signIn: SignInOutcome) => {
  const query = new URLSearchParams({
    from: signIn.context.from ?? '',
    [TOOL_REFUSAL_PARAM]: TOOL_REFUSAL_NOT_MEMBER,
  });
  return `${routePath('tool_login', { platform: signIn.platform })}?${query.toString()}`;
};

/**
 * The RFC 8176 methods of this sign-in: its first factor and the second factors it proved; a
 * sign-in by the browser's hub session keeps the methods that session was signed in with.
 */
const amrOfSignIn = async (hub: Hub, request: SignInRequest, signIn: SignInOutcome) => {
  if (signIn.authMethod !== 'session') return amrOf(signIn.authMethod as FirstFactor, signIn.secondFactors);
  const session = await request.session();
  const held = session?.amr ? session.amr.split(' ') : [];
  if (!signIn.secondFactors?.length) return held;
  // A session's sign-in that a tool or platform required a second factor for: the session proved its
  // first factor, the second step just proved another, and the session now holds both.
  if (!session) throw new HubError('session.required');
  const amr = [...new Set([...held, ...amrOf('session', signIn.secondFactors), 'mfa'])];
  await hub.sessions.setAmr(session.id, amr.join(' '));
  return amr;
};

/** The tool-access step: the tool a tool session names, read once, and the decision for it. */
export const createToolAccessStep =
  (hub: Hub): SignInSteps['toolAccess'] =>
  (request, signIn, session) =>
    toolAccessOfSession(hub, request.tools, session, signIn.accountId);

/**
 * The exit step: the tool's callback when the sign-in came through a tool, the account center page
 * that sent the person to log in, else the platform site's /sso/account/auth with an ainfo.
 */
export const createExitStep =
  (hub: Hub): SignInSteps['exit'] =>
  async (signIn, amr, tool) => {
    if (tool) {
      return toolExitUrl(hub, {
        accountId: signIn.accountId,
        platform: signIn.platform,
        session: { ...tool.session, subcb: tool.session.subcb ?? signIn.context.subcb },
        access: tool.access,
        authMethod: signIn.authMethod,
        amr,
        ...(signIn.authTime !== undefined ? { authTime: signIn.authTime } : {}),
        ...(signIn.fromSwitching ? { fromSwitching: true } : {}),
      });
    }
    // Sent to log in by the account center: back there, checked again (no ainfo is needed on the hub).
    const back = accountNextPath(signIn.context.next);
    if (back) return { location: back };
    // The platform exit follows the same subcb rule as a tool's (checked before any ainfo exists).
    const subcb = checkSubcb(signIn.context.subcb);
    const ainfo = await issueAinfo(
      { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
      {
        accountId: signIn.accountId,
        accountType: signIn.platform,
        platform: signIn.platform,
        authMethod: signIn.authMethod,
        amr,
        ...(signIn.authTime !== undefined ? { authTime: signIn.authTime } : {}),
      },
      { kind: 'platform', platform: signIn.platform },
    );
    return { location: buildPlatformExitUrl(hub.config.platformUrls[signIn.platform], ainfo, subcb) };
  };

/**
 * The session step: a new hub session for every sign-in but one by the browser's own session, and
 * signing in within the grace period keeps an account whose deletion was asked for. The browser's
 * device cookie is set (or renewed) with it; a device the account has not signed in from before
 * queues a notice to the person in the same transaction as the session (services/device.ts).
 */
export const createSessionStep =
  (hub: Hub): SignInSteps['session'] =>
  async (request, signIn, amr, signedInto) => {
    const now = hub.now();
    const record = (sessionId: string) =>
      signedInto
        ? hub.sessions.recordSignIn(
            { sessionId, kind: 'tool', ref: String(signedInto.tid), name: signedInto.name },
            now,
          )
        : Promise.resolve();
    if (signIn.authMethod === 'session') {
      const held = await request.session();
      if (held) await record(held.id);
      return [];
    }
    const { token, id } = newSessionToken(now);
    const device = deviceOf(deviceTokenOf(hub.config, request.cookies));
    const session = {
      id,
      account_id: signIn.accountId,
      platform: signIn.platform,
      auth_method: signIn.authMethod,
      amr: amr.join(' '),
      ip: request.ip,
      user_agent: request.userAgent ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: now + hub.config.sessionTtlMs,
      revoked_at: null,
    };
    const language = request.language ?? 'en';
    const devices = createKnownDeviceQueries(hub.db);
    if (await devices.isKnown(signIn.accountId, device.hash)) {
      // A browser the account knows (most sign-ins): no notice hangs on this one, so its session
      // and the device's time are written in one turn, and SQLite commits them together
      // (storage/sqlite-group-commit.ts) instead of in a transaction of their own. A browser
      // forgotten in between (the account's oldest, by a sign-in elsewhere) stays forgotten: its
      // next sign-in is told of.
      await Promise.all([
        hub.sessions.insert(session),
        devices.touch(signIn.accountId, device.hash, language, now),
      ]);
    } else {
      const noticed = await hub.db.transaction().execute(async (trx) => {
        await createSessionQueries(trx).insert(session);
        return noticeOfNewDevice(hub, trx, request, signIn, device.hash, now);
      });
      if (noticed) hub.nudgeMail();
    }
    await record(id);
    // Only a sign-in whose session exists keeps the account from its deletion.
    await cancelDeletion(hub, signIn.accountId, request);
    // The browser keeps the accounts signed in on it (docs/sessions.md): the new one joins them, and
    // one over the limit is signed out, not just forgotten.
    const remembered = await rememberDeviceSession(hub, request.cookies, token, signIn.accountId);
    for (const evicted of remembered.evicted) await endEvictedSession(hub, evicted, request);
    return [
      sessionCookie(hub.config, token, Math.floor(hub.config.sessionTtlMs / 1000)),
      remembered.cookie,
      deviceCookie(hub.config, device.token),
    ];
  };

/**
 * A session the browser's account list let go of (a sign-in beyond policy.deviceAccountsMax) ends
 * through the single sign-out, as a sign-out would: its OpenID Connect clients are told, its tools
 * get `session.ended`; audited on its account (`session.ended`, scope `evicted`).
 */
const endEvictedSession = async (
  hub: Hub,
  session: { id: string; account_id: string },
  from: ClientOrigin,
) => {
  await endSessions(hub, { only: session.id }, async (trx, ended) => {
    if (ended.sessions.length === 0) return;
    await recordAudit(
      trx,
      {
        event: 'session.ended',
        outcome: 'success',
        accountId: session.account_id,
        from,
        detail: { scope: 'evicted', ended: 1 },
      },
      hub.now(),
    );
  });
};

/** Records the sign-in's device and, when it is new to the account, queues the person's notice (throttled). */
const noticeOfNewDevice = async (
  hub: Hub,
  trx: Db,
  request: SignInRequest,
  signIn: SignInOutcome,
  deviceHash: string,
  now: number,
) => {
  const language = request.language ?? 'en';
  const seen = await recordSignInDevice(trx, { accountId: signIn.accountId, deviceHash, language }, now);
  // A new account's first sign-in is its sign-up: nothing to tell.
  if (!seen.notify || signIn.authMethod === 'signup') return false;
  const account = await createAccountQueries(trx).findById(signIn.accountId);
  return queueSecurityNotice(
    hub,
    trx,
    {
      accountId: signIn.accountId,
      email: account?.email ?? null,
      notice: { kind: 'new_device', device: describeDevice(request.userAgent) },
      language: seen.language,
      page: routePath('account_sessions'),
    },
    now,
  );
};

/**
 * The platform-rules step: the account still exists and may use this platform (core loginRefusal).
 * The screens check it first; here it holds for every way in (a session's direct checkout, a
 * provider's callback, a resumed second step), before any row is written.
 */
export const createPlatformRulesStep =
  (hub: Hub): SignInSteps['platformRules'] =>
  async (signIn) => {
    const account = await hub.accounts.findById(signIn.accountId);
    if (!account) throw new HubError('account.not_found');
    // Every sign-in, whatever its first factor (password, Google, a passkey, a session's Continue),
    // passes here: an account an operator locked is refused (docs/console.md "Locking sign-in").
    if (account.sign_in_locked_at) throw new HubError('account.locked');
    const refusal = loginRefusal(account.user_type, signIn.platform);
    if (refusal) throw new HubError(refusal);
  };
