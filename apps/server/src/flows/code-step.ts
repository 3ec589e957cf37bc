import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, RESEND_COUNTDOWN_SECONDS } from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { enqueueMail } from '../mail/outbox.js';
import { type CodePurpose, type MailContent, verificationCodeMail } from '../mail/templates.js';
import { recordAudit } from '../services/audit.js';
import { rateLimited } from '../services/throttle.js';
import { generateCode, hashCode, randomToken, sameHash } from '../services/tokens.js';
import type { Database, FlowsTable } from '../storage/schema.js';
import { type FlowContextRecord, parseContext } from './flow-context.js';

export type FlowKind = 'login' | 'signup' | 'reset';
export type FlowRow = FlowsTable;

/** The flow a request names, if it is of the right kind, belongs to this browser and has not expired. */
export const loadFlow = async (
  hub: Hub,
  flowId: string,
  kind: FlowKind,
  binding: string,
): Promise<FlowRow> => {
  const flow = await hub.flows.findById(flowId);
  if (!flow || flow.kind !== kind || !sameHash(flow.binding_hash, binding))
    throw new HubError('flow.not_found');
  if (flow.expires_at <= hub.now()) throw new HubError('flow.expired');
  return flow;
};

/** Counts a code send against the account's and the client's limits (issue 3: 5 an hour per account). */
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
    expires_at: now + CODE_TTL_SECONDS * 1000,
    consumed_at: null,
    created_at: now,
  });
  const ttlMinutes = CODE_TTL_SECONDS / 60;
  const mail =
    input.mail?.(code, ttlMinutes) ?? verificationCodeMail({ code, purpose: input.purpose, ttlMinutes });
  await enqueueMail(trx, { to: input.to, ...mail }, now);
};

export const resendAvailableAt = (now: number) => now + RESEND_COUNTDOWN_SECONDS * 1000;

/** The resend countdown is the server's too: a resend before it ends is refused with the seconds left. */
export const assertResendAllowed = (hub: Hub, context: FlowContextRecord) => {
  const wait = (context.resendAvailableAt ?? 0) - hub.now();
  if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
};

/**
 * Checks a submitted code against the flow's live code (DESIGN.md difference 1): hashed compare,
 * single use under concurrency, 10-minute expiry, burned after 5 wrong tries.
 */
export const verifyFlowCode = async (hub: Hub, flow: FlowRow, submitted: string, ip: string) => {
  await hub.throttle.consume('codeVerifyPerIp', ip);
  const now = hub.now();
  const live = await hub.codes.findLive(flow.id);
  if (!live || live.expires_at <= now) throw new HubError('code.expired', { field: 'code' });
  if (live.attempts >= CODE_MAX_ATTEMPTS) throw new HubError('code.too_many_attempts', { field: 'code' });
  const event = flow.kind === 'reset' ? 'reset.code_failed' : 'signup.code_failed';
  const matches = /^\d{6}$/.test(submitted) && sameHash(live.code_hash, hashCode(live.id, submitted));
  if (matches) {
    if (await hub.codes.consume(live.id, now, CODE_MAX_ATTEMPTS)) return;
    // Another request took the code a moment earlier (or it just expired): this one is refused.
    throw new HubError('code.expired', { field: 'code' });
  }
  const attempts = await hub.codes.recordWrongTry(live.id, CODE_MAX_ATTEMPTS);
  await recordAudit(
    hub.db,
    {
      event,
      outcome: 'failure',
      accountId: flow.account_id,
      ip,
      detail: { attempts: attempts ?? CODE_MAX_ATTEMPTS },
    },
    now,
  );
  if (attempts === null || attempts >= CODE_MAX_ATTEMPTS) {
    throw new HubError('code.too_many_attempts', { field: 'code' });
  }
  throw new HubError('code.incorrect', { field: 'code' });
};

export const flowContext = (flow: FlowRow) => parseContext(flow.context);

/** Resend (spec §4): a fresh code once the countdown has ended; the old code dies. */
export const resendCode = async (
  hub: Hub,
  caller: { ip: string },
  flow: FlowRow,
  purpose: 'signup' | 'reset',
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
    await issueCode(hub, trx, { flowId: flow.id, purpose, to });
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
