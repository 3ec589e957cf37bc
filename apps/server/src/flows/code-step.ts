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
import { type AuditEvent, recordAudit } from '../services/audit.js';
import { rateLimited } from '../services/throttle.js';
import { generateCode, hashCode, randomToken, sameHash } from '../services/tokens.js';
import type { Database } from '../storage/schema.js';
import type { FlowCaller } from './caller.js';
import { contextQuery, type FlowContextRecord } from './flow-context.js';
import { type FlowRow, flowContext, loadFlow, moveFlow, newFlowRecord } from './flow-record.js';
import { type TypedAccount, typedAccountView } from './identify.js';

/** Counts a code send against the account's and the client's limits (5 an hour per account: docs/security.md "Throttles"). */
export const throttleCodeSend = async (hub: Hub, accountKey: string, ip: string) => {
  await hub.throttle.consume('codeSendPerIp', ip);
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
    mail?: (code: string, ttlMinutes: number) => MailContent;
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

/**
 * Checks a submitted code against the flow's live code (docs/security.md "Codes"): hashed compare,
 * single use under concurrency, 10-minute expiry, burned after 5 wrong tries.
 */
/** The audit event of a wrong code, by the flow that asked for it. */
const codeFailedEvent = {
  signup: 'signup.code_failed',
  reset: 'reset.code_failed',
  work_account: 'work_account.code_failed',
  email_change: 'email_change.code_failed',
} as const satisfies Partial<Record<FlowRow['kind'], AuditEvent>>;

export const verifyFlowCode = async (hub: Hub, flow: FlowRow, submitted: string, ip: string) => {
  await hub.throttle.consume('codeVerifyPerIp', ip);
  const now = hub.now();
  const live = await hub.codes.findLive(flow.id);
  if (!live || live.expires_at <= now) throw new HubError('code.expired', { field: 'code' });
  if (live.attempts >= policy.codeMaxAttempts)
    throw new HubError('code.too_many_attempts', { field: 'code' });
  const event = codeFailedEvent[flow.kind as keyof typeof codeFailedEvent] ?? 'signup.code_failed';
  const matches = /^\d{6}$/.test(submitted) && sameHash(live.code_hash, hashCode(live.id, submitted));
  if (matches) {
    if (await hub.codes.consume(live.id, now, policy.codeMaxAttempts)) return;
    // Another request took the code a moment earlier (or it just expired): this one is refused.
    throw new HubError('code.expired', { field: 'code' });
  }
  const attempts = await hub.codes.recordWrongTry(live.id, policy.codeMaxAttempts);
  await recordAudit(
    hub.db,
    {
      event,
      outcome: 'failure',
      accountId: flow.account_id,
      ip,
      detail: { attempts: attempts ?? policy.codeMaxAttempts },
    },
    now,
  );
  if (attempts === null || attempts >= policy.codeMaxAttempts) {
    throw new HubError('code.too_many_attempts', { field: 'code' });
  }
  throw new HubError('code.incorrect', { field: 'code' });
};

/**
 * Resend (spec §4): a fresh code once the countdown has ended; the old code dies. The code goes to
 * the flow's email (sign-up, an email change), else to its account's.
 */
export const resendCode = async (
  hub: Hub,
  caller: { ip: string; language?: Language | undefined },
  flow: FlowRow,
  purpose: 'signup' | 'reset' | 'email_change',
) => {
  const context = flowContext(flow);
  assertResendAllowed(hub, context);
  const to = flow.identifier_kind === 'email' ? flow.identifier : await emailOf(hub, flow);
  if (!to) throw new HubError('flow.not_found');
  await throttleCodeSend(hub, `email:${to.toLowerCase()}`, caller.ip);
  const now = hub.now();
  context.resendAvailableAt = resendAvailableAt(now);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.update(trx, flow.id, { context: JSON.stringify(context), updated_at: now });
    await issueCode(hub, trx, { flowId: flow.id, purpose, to, language: caller.language });
    await recordAudit(
      trx,
      {
        event: `${purpose}.code_sent`,
        outcome: 'success',
        accountId: flow.account_id,
        ip: caller.ip,
        detail: { resend: true },
      },
      now,
    );
  });
  hub.nudgeMail();
  return { resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000) };
};

const emailOf = async (hub: Hub, flow: FlowRow) =>
  flow.account_id ? ((await hub.accounts.findById(flow.account_id))?.email ?? null) : null;

/** The flows whose second step is an emailed code (sign-up, reset). */
type CodeFlowKind = 'signup' | 'reset';

/** The states of a code step: both flows wait for the code in `code_sent` and go on to `verified`. */
interface CodeStates {
  codeSent: 'code_sent';
  verified: 'verified';
}

/** What differs between the code steps of sign-up and reset (spec §4); the rest is the same. */
interface CodeStepDefinition {
  kind: CodeFlowKind;
  states: CodeStates;
  ttlMs: number;
  /** The finalize screen a verified flow goes on to, and the sainfo that shows its account there. */
  finalize: (flow: FlowRow<CodeFlowKind>, context: FlowContextRecord) => { path: string; sainfo: string };
  /** Whether the status tells the finalize screen that the account is registered already. */
  statusTellsIfRegistered: boolean;
}

/** The kind of the account a flow was started for; an email where the record does not say. */
export const identifierKind = (kind: string | null): AccountKind => (isAccountKind(kind) ? kind : 'email');

/** What step 1 of a code flow knows once the account is found: whose flow it is, where its code goes. */
interface CodeFlowStart {
  platform: Platform;
  accountId: string | null;
  check: TypedAccount;
  /** The address the code is mailed to. */
  to: string;
  context: FlowContextRecord;
  auditDetail?: Record<string, string>;
}

/**
 * Step 1 of a code flow, once its account is known: the code-send limits, then the flow, its first
 * code and the code's mail in one transaction (the outbox). The resend countdown starts now.
 */
const startCodeFlow = async (
  hub: Hub,
  caller: FlowCaller,
  step: CodeStepDefinition,
  input: CodeFlowStart,
) => {
  await throttleCodeSend(hub, `email:${input.to.toLowerCase()}`, caller.ip);
  const now = hub.now();
  const context = { ...input.context, resendAvailableAt: resendAvailableAt(now) };
  const flow = newFlowRecord({
    kind: step.kind,
    state: step.states.codeSent,
    platform: input.platform,
    accountId: input.accountId,
    identifier: input.check,
    context,
    binding: caller.binding,
    ttlMs: step.ttlMs,
    now,
  });
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, flow);
    await issueCode(hub, trx, {
      flowId: flow.id,
      purpose: step.kind,
      to: input.to,
      language: caller.language,
    });
    await recordAudit(
      trx,
      {
        event: `${step.kind}.code_sent`,
        outcome: 'success',
        accountId: input.accountId,
        ip: caller.ip,
        detail: input.auditDetail,
      },
      now,
    );
  });
  hub.nudgeMail();
  return {
    next: 'code' as const,
    flowId: flow.id,
    account: typedAccountView(input.check),
    resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000),
  };
};

/** Resend of a code step: only while the flow waits for its code. */
const resendStepCode = async (hub: Hub, caller: FlowCaller, flowId: string, step: CodeStepDefinition) => {
  const flow = await loadFlow(hub, flowId, step.kind, caller.binding);
  if (flow.state !== step.states.codeSent) throw new HubError('flow.not_found');
  return resendCode(hub, caller, flow, step.kind);
};

/** Spec §4 code step: on a match the flow is verified and the browser goes on to its finalize screen. */
const verifyStepCode = async (
  hub: Hub,
  caller: FlowCaller,
  flowId: string,
  code: string,
  step: CodeStepDefinition,
) => {
  const flow = await loadFlow(hub, flowId, step.kind, caller.binding);
  if (flow.state !== step.states.codeSent) throw new HubError('code.expired', { field: 'code' });
  await verifyFlowCode(hub, flow, code, caller.ip);
  // The code is taken once already; a flow moved on meanwhile answers 'not found', like every step.
  await moveFlow(hub, flow, { from: step.states.codeSent, to: step.states.verified }, (trx, now) =>
    recordAudit(
      trx,
      { event: `${step.kind}.code_verified`, outcome: 'success', accountId: flow.account_id, ip: caller.ip },
      now,
    ),
  );
  const context = flowContext(flow);
  const { path, sainfo } = step.finalize(flow, context);
  return {
    next: 'redirect' as const,
    location: `${path}${contextQuery({ ...context, sainfo }, { flow: flow.id })}`,
  };
};

/** The finalize screen's first question: whose flow is this, and (sign-up) is the account registered? */
const codeStepStatus = async (
  hub: Hub,
  caller: { binding: string },
  flowId: string,
  step: CodeStepDefinition,
) => {
  const flow = await loadFlow(hub, flowId, step.kind, caller.binding);
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
};

/**
 * A code step (spec §4) as its flow uses it: step 1 once the account is known, the resend, the
 * code check, and the finalize screen's status.
 */
export const defineCodeStep = (step: CodeStepDefinition) => ({
  start: (hub: Hub, caller: FlowCaller, input: CodeFlowStart) => startCodeFlow(hub, caller, step, input),
  resend: (hub: Hub, caller: FlowCaller, flowId: string) => resendStepCode(hub, caller, flowId, step),
  verify: (hub: Hub, caller: FlowCaller, flowId: string, code: string) =>
    verifyStepCode(hub, caller, flowId, code, step),
  status: (hub: Hub, caller: { binding: string }, flowId: string) =>
    codeStepStatus(hub, caller, flowId, step),
});
