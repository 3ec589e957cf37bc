import {
  type AccountKind,
  formatAccountForDisplay,
  isAccountKind,
  type Language,
  type Platform,
} from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { enqueueMail } from '../mail/outbox.js';
import { type CodePurpose, type MailContent, verificationCodeMail } from '../mail/templates.js';
import { MINUTE_MS, policy } from '../policy.js';
import { type AuditEvent, type ClientOrigin, type RequestOrigin, recordAudit } from '../services/audit.js';
import { rateLimited } from '../services/throttle.js';
import { generateCode, hashCode, randomToken, sameHash } from '../services/tokens.js';
import type { Database } from '../storage/schema.js';
import type { FlowCaller } from './caller.js';
import { contextQuery, type FlowContextRecord } from './flow-context.js';
import {
  type FlowMove,
  type FlowMoveChanges,
  type FlowRow,
  flowContext,
  loadFlow,
  newFlowRecord,
  tryMoveFlow,
} from './flow-record.js';
import { type TypedAccount, typedAccountView } from './identify.js';

/** The flows whose step is an emailed 6-digit code (spec §4): sign-up, reset, an email change, a work account. */
export type CodeFlowKind = CodePurpose;

/** The mail that carries a code, given the code and its lifetime. */
export type CodeMail = (code: string, ttlMinutes: number) => MailContent;

/**
 * Who asks for a code: the request's origin (the client IP for throttles, none when a platform's
 * server invites a work account; the request's id and browser for the audit row), the browser the
 * flow is bound to, the language its mail is written in.
 */
export interface CodeCaller extends RequestOrigin {
  binding: string;
  language?: Language | undefined;
}

/**
 * Counts a code send against the account's and the client's limits (5 an hour per account:
 * docs/security.md "Throttles"); a server-to-server request has no client IP to count.
 */
export const throttleCodeSend = async (hub: Hub, accountKey: string, ip: string | null) => {
  if (ip) await hub.throttle.consume('codeSendPerIp', ip);
  await hub.throttle.consume('codeSendPerAccount', accountKey);
};

/**
 * A fresh code for the flow, written with its mail in the caller's transaction (the outbox), so a
 * code is never stored without its mail nor mailed without being stored. Earlier codes die.
 */
export const issueCode = async (
  hub: Hub,
  trx: Transaction<Database>,
  input: {
    flowId: string;
    purpose: CodePurpose;
    to: string;
    /** The mail that carries the code; the plain verification-code mail by default. */
    mail?: CodeMail | undefined;
    /** The language the person asked in: the mail is written in it now, at queue time (issue #18). */
    language?: Language | undefined;
  },
) => {
  const now = hub.now();
  const id = randomToken(16);
  const code = generateCode();
  await hub.codes.replace(trx, {
    id,
    flow_id: input.flowId,
    purpose: input.purpose,
    code_hash: hashCode(id, code),
    attempts: 0,
    expires_at: now + policy.codeTtlMs,
    consumed_at: null,
    created_at: now,
  });
  const ttlMinutes = policy.codeTtlMs / MINUTE_MS;
  const mail =
    input.mail?.(code, ttlMinutes) ??
    verificationCodeMail({
      code,
      purpose: input.purpose,
      ttlMinutes,
      ...(input.language ? { language: input.language } : {}),
    });
  await enqueueMail(trx, { to: input.to, ...mail }, now);
};

export const resendAvailableAt = (now: number) => now + policy.resendCountdownMs;

/** The resend countdown is the server's too: a resend before it ends is refused with the seconds left. */
export const assertResendAllowed = (hub: Hub, context: FlowContextRecord) => {
  const wait = (context.resendAvailableAt ?? 0) - hub.now();
  if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
};

/** The audit event of a wrong code, by the flow that asked for it. */
const codeFailedEvent = {
  signup: 'signup.code_failed',
  reset: 'reset.code_failed',
  work_account: 'work_account.code_failed',
  email_change: 'email_change.code_failed',
} as const satisfies Record<CodeFlowKind, AuditEvent>;

/**
 * Checks a submitted code against the flow's live code (docs/security.md "Codes"): hashed compare,
 * single use under concurrency, 10-minute expiry, burned after 5 wrong tries. A right code is
 * taken in ONE transaction with the flow's move and what the move does (`effects`), on both
 * databases (issue #33): a fault between them leaves the code live and the flow where it was, so
 * the person simply submits the code again. Of concurrent submissions, one takes the code; the
 * others answer 'expired' (the code was taken) or 'not found' (the flow moved on) and write nothing.
 */
export const verifyFlowCode = async <K extends CodeFlowKind>(
  hub: Hub,
  flow: FlowRow<K>,
  submitted: string,
  from: ClientOrigin,
  move: NoInfer<FlowMove<K>>,
  effects?: (trx: Transaction<Database>, now: number) => Promise<void>,
) => {
  await hub.throttle.consume('codeVerifyPerIp', from.ip);
  const now = hub.now();
  const live = await hub.codes.findLive(flow.id);
  if (!live || live.expires_at <= now) throw new HubError('code.expired', { field: 'code' });
  if (live.attempts >= policy.codeMaxAttempts)
    throw new HubError('code.too_many_attempts', { field: 'code' });
  const matches = /^\d{6}$/.test(submitted) && sameHash(live.code_hash, hashCode(live.id, submitted));
  if (matches) {
    await hub.db.transaction().execute(async (trx) => {
      // Another request took the code a moment earlier (or it just expired): this one is refused.
      if (!(await hub.codes.consume(trx, live.id, now, policy.codeMaxAttempts))) {
        throw new HubError('code.expired', { field: 'code' });
      }
      // The flow moved on meanwhile: 'not found', like every step; the code is not spent.
      if (!(await tryMoveFlow(hub, trx, flow, move, now))) throw new HubError('flow.not_found');
      await effects?.(trx, now);
    });
    return;
  }
  const attempts = await hub.codes.recordWrongTry(live.id, policy.codeMaxAttempts);
  await recordAudit(
    hub.db,
    {
      event: codeFailedEvent[flow.kind],
      outcome: 'failure',
      accountId: flow.account_id,
      from,
      detail: { attempts: attempts ?? policy.codeMaxAttempts },
    },
    now,
  );
  if (attempts === null || attempts >= policy.codeMaxAttempts) {
    throw new HubError('code.too_many_attempts', { field: 'code' });
  }
  throw new HubError('code.incorrect', { field: 'code' });
};

const emailOf = async (hub: Hub, flow: FlowRow) =>
  flow.account_id ? ((await hub.accounts.findById(flow.account_id))?.email ?? null) : null;

/** The kind of the account a flow was started for; an email where the record does not say. */
export const identifierKind = (kind: string | null): AccountKind => (isAccountKind(kind) ? kind : 'email');

/**
 * What differs between the code steps of sign-up, reset, an email change and a work account; the
 * rest (the code's rules, its mail in the outbox, the resend countdown, the check) is the same.
 */
export interface CodeStepDefinition<K extends CodeFlowKind> {
  kind: K;
  /** The move a right code makes: from the state that waits for the code to the next one. */
  move: FlowMove<K>;
  ttlMs: number;
  /** The event a right code is audited as, when the move's own effects do not say it already. */
  verifiedEvent?: AuditEvent;
  /** A work-account invitation: opened in a browser that did not start it, bound to none until verified. */
  unboundAllowed?: boolean;
  /** The mail that carries this flow's codes, read before the transaction; the plain code mail by default. */
  mail?: (hub: Hub, flow: FlowRow<K>, language: Language | undefined) => Promise<CodeMail>;
}

/** What the first step of a code flow knows once the account is found: whose flow, where its code goes. */
export interface CodeFlowStart {
  platform: Platform;
  accountId: string | null;
  check: TypedAccount;
  /** The address the code is mailed to. */
  to: string;
  context: FlowContextRecord;
  /** The start's audit event (`<kind>.code_sent` by default), its account and detail. */
  audit?: {
    event?: AuditEvent;
    accountId?: string | null;
    detail?: Record<string, string | number | boolean | null>;
  };
  /** The mail of this first code, when the caller has what it needs at hand. */
  mail?: CodeMail;
}

/**
 * Step 1 of a code flow, once its account is known: the code-send limits, then the flow, its first
 * code and the code's mail in one transaction (the outbox). The resend countdown starts now.
 */
const openCodeFlow = async <K extends CodeFlowKind>(
  hub: Hub,
  caller: CodeCaller,
  step: CodeStepDefinition<K>,
  input: CodeFlowStart,
) => {
  await throttleCodeSend(hub, `email:${input.to.toLowerCase()}`, caller.ip);
  const now = hub.now();
  const context = { ...input.context, resendAvailableAt: resendAvailableAt(now) };
  const flow = newFlowRecord<CodeFlowKind>({
    kind: step.kind,
    state: step.move.from as never,
    platform: input.platform,
    accountId: input.accountId,
    identifier: input.check,
    context,
    binding: caller.binding,
    ttlMs: step.ttlMs,
    now,
  }) as FlowRow<K>;
  const mail = input.mail ?? (await step.mail?.(hub, flow, caller.language));
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, flow);
    await issueCode(hub, trx, {
      flowId: flow.id,
      purpose: step.kind,
      to: input.to,
      mail,
      language: caller.language,
    });
    await recordAudit(
      trx,
      {
        event: input.audit?.event ?? `${step.kind}.code_sent`,
        outcome: 'success',
        accountId: input.audit?.accountId !== undefined ? input.audit.accountId : input.accountId,
        from: caller,
        detail: input.audit?.detail,
      },
      now,
    );
  });
  hub.nudgeMail();
  return { flow, resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000) };
};

/**
 * Resend (spec §4): a fresh code once the countdown has ended, only while the flow waits for its
 * code; the old code dies. The code goes to the flow's email (sign-up, an email change, an
 * invitation), else to its account's.
 */
const resendFlowCode = async <K extends CodeFlowKind>(
  hub: Hub,
  caller: FlowCaller,
  step: CodeStepDefinition<K>,
  flow: FlowRow<K>,
) => {
  if (flow.state !== step.move.from) throw new HubError('flow.not_found');
  const context = flowContext(flow);
  assertResendAllowed(hub, context);
  const to = flow.identifier_kind === 'email' ? flow.identifier : await emailOf(hub, flow);
  if (!to) throw new HubError('flow.not_found');
  await throttleCodeSend(hub, `email:${to.toLowerCase()}`, caller.ip);
  const now = hub.now();
  context.resendAvailableAt = resendAvailableAt(now);
  const mail = await step.mail?.(hub, flow, caller.language);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.update(trx, flow.id, { context: JSON.stringify(context), updated_at: now });
    await issueCode(hub, trx, { flowId: flow.id, purpose: step.kind, to, mail, language: caller.language });
    await recordAudit(
      trx,
      {
        event: `${step.kind}.code_sent`,
        outcome: 'success',
        accountId: flow.account_id,
        from: caller,
        detail: { resend: true },
      },
      now,
    );
  });
  hub.nudgeMail();
  return { resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000) };
};

/**
 * The code check of a step: only while the flow waits for its code; a right code moves the flow
 * (with `changes`) in one transaction with `effects` and the step's audit event.
 */
const checkFlowCode = async <K extends CodeFlowKind>(
  hub: Hub,
  caller: FlowCaller,
  step: CodeStepDefinition<K>,
  flow: FlowRow<K>,
  code: string,
  then: {
    changes?: FlowMoveChanges;
    effects?: (trx: Transaction<Database>, now: number) => Promise<void>;
  } = {},
) => {
  if (flow.state !== step.move.from) throw new HubError('code.expired', { field: 'code' });
  const move = (then.changes ? { ...step.move, changes: then.changes } : step.move) as NoInfer<FlowMove<K>>;
  await verifyFlowCode(hub, flow, code, caller, move, async (trx, now) => {
    if (step.verifiedEvent) {
      await recordAudit(
        trx,
        { event: step.verifiedEvent, outcome: 'success', accountId: flow.account_id, from: caller },
        now,
      );
    }
    await then.effects?.(trx, now);
  });
};

/**
 * A code step (spec §4) as its flow uses it: the first step once the account is known (`open`),
 * loading the flow a browser names, the resend, and the code check (`check`, given the flow loaded).
 */
export const defineCodeStep = <K extends CodeFlowKind>(step: CodeStepDefinition<K>) => {
  const load = (hub: Hub, binding: string | undefined, flowId: string) =>
    loadFlow(hub, flowId, step.kind, binding, { unboundAllowed: Boolean(step.unboundAllowed) });
  return {
    /** The state a flow waits for its code in. */
    waiting: step.move.from,
    open: (hub: Hub, caller: CodeCaller, input: CodeFlowStart) => openCodeFlow(hub, caller, step, input),
    load,
    resendFor: (hub: Hub, caller: FlowCaller, flow: FlowRow<K>) => resendFlowCode(hub, caller, step, flow),
    resend: async (hub: Hub, caller: FlowCaller, flowId: string) =>
      resendFlowCode(hub, caller, step, await load(hub, caller.binding, flowId)),
    check: (
      hub: Hub,
      caller: FlowCaller,
      flow: FlowRow<K>,
      code: string,
      then?: Parameters<typeof checkFlowCode<K>>[5],
    ) => checkFlowCode(hub, caller, step, flow, code, then),
  };
};

/** The flows whose verified code leads on to a finalize screen that sets a password (sign-up, reset). */
type FinalizedCodeFlowKind = 'signup' | 'reset';

/** What sign-up and reset add to their code step: the finalize screen, and what its status tells. */
interface FinalizedCodeStepDefinition<K extends FinalizedCodeFlowKind> extends CodeStepDefinition<K> {
  /** The finalize screen a verified flow goes on to, and the sainfo that shows its account there. */
  finalize: (flow: FlowRow<K>, context: FlowContextRecord) => { path: string; sainfo: string };
  /** Whether the status tells the finalize screen that the account is registered already. */
  statusTellsIfRegistered: boolean;
}

/**
 * The code step of sign-up and reset: step 1 answers the code screen, a right code sends the
 * browser on to the finalize screen, whose first question is the status.
 */
export const defineFinalizedCodeStep = <K extends FinalizedCodeFlowKind>(
  step: FinalizedCodeStepDefinition<K>,
) => {
  const codeStep = defineCodeStep(step);
  return {
    /** The flow and its first code, for a start that answers no browser (an operator's reset code). */
    open: codeStep.open,
    start: async (hub: Hub, caller: FlowCaller, input: CodeFlowStart) => {
      const { flow, resendAfter } = await codeStep.open(hub, caller, input);
      return { next: 'code' as const, flowId: flow.id, account: typedAccountView(input.check), resendAfter };
    },
    resend: codeStep.resend,
    verify: async (hub: Hub, caller: FlowCaller, flowId: string, code: string) => {
      const flow = await codeStep.load(hub, caller.binding, flowId);
      // A flow bound to no browser yet (a reset code an operator sent) is this browser's once verified.
      const bind = step.unboundAllowed ? { changes: { binding_hash: caller.binding } } : undefined;
      await codeStep.check(hub, caller, flow, code, bind);
      const context = flowContext(flow);
      const { path, sainfo } = step.finalize(flow, context);
      return {
        next: 'redirect' as const,
        location: `${path}${contextQuery({ ...context, sainfo }, { flow: flow.id })}`,
      };
    },
    /** The finalize screen's first question: whose flow is this, and (sign-up) is the account registered? */
    status: async (hub: Hub, caller: { binding: string }, flowId: string) => {
      const flow = await codeStep.load(hub, caller.binding, flowId);
      const kind = identifierKind(flow.identifier_kind);
      const registered =
        step.statusTellsIfRegistered && flow.identifier
          ? await hub.accounts.findByIdentifier(kind, flow.identifier)
          : undefined;
      const context = flowContext(flow);
      return {
        state: flow.state,
        platform: flow.platform,
        ...(context.entry ? { entry: context.entry } : {}),
        account: { kind, display: formatAccountForDisplay(flow.identifier ?? '', kind) },
        exists: Boolean(registered),
      };
    },
  };
};
