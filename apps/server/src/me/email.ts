import {
  type ChangeEmailRequest,
  type ChangeEmailStarted,
  type EmailChanged,
  formatAccountForDisplay,
  isEmail,
  normalizeEmail,
  routePath,
} from '@hub/core';
import { HubError } from '../errors.js';
import { emitAccountEvent } from '../events/emit.js';
import type { FlowCaller } from '../flows/caller.js';
import { emailChangeCodeStep } from '../flows/email-change/code-step.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { queueSecurityNotice } from '../mail/security-notice.js';
import { recordAudit } from '../services/audit.js';
import { checkPasswordAs } from './password.js';

/** The new address as typed: trimmed, an email (kept in the case typed; looked up lower-cased). */
const newAddress = (input: string): string => {
  const value = input.trim();
  if (value === '') throw new HubError('email.required', { field: 'newEmail' });
  if (!isEmail(value)) throw new HubError('email.invalid', { field: 'newEmail' });
  return value;
};

/**
 * POST /api/me/email: the first step of an email change. The current password when the account
 * has one (a session left open must not be enough to take the account over by its email); an
 * address another account holds gets sign-up's answer ('Account already exist.'), no more. An
 * account known only by mobile number or username adds its first email the same way. The flow, its
 * code and the code's mail to the NEW address commit together; the account is unchanged until the
 * code comes back, so the old email keeps signing in.
 */
export const startEmailChange = async (
  hub: Hub,
  { account }: SignedInPerson,
  caller: FlowCaller,
  input: ChangeEmailRequest,
): Promise<ChangeEmailStarted> => {
  await hub.throttle.consume('securityChangePerAccount', `account:${account.id}`);
  const email = newAddress(input.newEmail);
  if (account.email && normalizeEmail(account.email) === normalizeEmail(email)) {
    throw new HubError('email.unchanged', { field: 'newEmail' });
  }
  if (account.password_hash) {
    await checkPasswordAs(hub, 'password', {
      accountId: account.id,
      password: input.password ?? '',
      from: caller,
      failureEvent: 'account.password_change_failed',
    });
  }
  if (await hub.accounts.findByIdentifier('email', email)) {
    throw new HubError('account.already_exists', { field: 'newEmail' });
  }
  const { flow, resendAfter } = await emailChangeCodeStep.open(hub, caller, {
    platform: account.home_platform,
    accountId: account.id,
    check: { ok: true, kind: 'email', value: email },
    to: email,
    context: {},
    audit: { detail: { adding: account.email === null } },
  });
  return {
    flowId: flow.id,
    email: formatAccountForDisplay(email, 'email'),
    resendAfter,
  };
};

/** The signed-in account's email change this browser started, while it waits for its code. */
const pendingChange = async (hub: Hub, accountId: string, caller: FlowCaller, flowId: string) => {
  const flow = await emailChangeCodeStep.load(hub, caller.binding, flowId);
  // Another account's flow (a browser shared by two people) is no flow of this one's.
  if (flow.account_id !== accountId || !flow.identifier) throw new HubError('flow.not_found');
  return flow;
};

/** POST /api/me/email/resend: a fresh code to the new address once the countdown has ended. */
export const resendEmailChangeCode = async (
  hub: Hub,
  { account }: SignedInPerson,
  caller: FlowCaller,
  flowId: string,
) => {
  const flow = await pendingChange(hub, account.id, caller, flowId);
  return emailChangeCodeStep.resendFor(hub, caller, flow);
};

/**
 * POST /api/me/email/verify: the code from the new address. On a match, in one transaction: the
 * flow completes, the account's email (and its look-up key) becomes the new address, notices go
 * to the OLD address and the new one, and the change is audited. From then on only the new address signs in.
 * An address another account took meanwhile is refused ('Account already exist.').
 */
export const verifyEmailChange = async (
  hub: Hub,
  { account }: SignedInPerson,
  caller: FlowCaller,
  flowId: string,
  code: string,
): Promise<EmailChanged> => {
  const flow = await pendingChange(hub, account.id, caller, flowId);
  if (flow.state !== emailChangeCodeStep.waiting) throw new HubError('code.expired', { field: 'code' });
  const email = flow.identifier!;
  // Taken meanwhile: refused before the code is used up, so nothing is spent on a change that cannot be.
  const holder = await hub.accounts.findByIdentifier('email', email);
  if (holder && holder.id !== account.id) throw new HubError('account.already_exists', { field: 'code' });
  const oldEmail = account.email;
  try {
    // The code, the flow's move and the change itself commit together (issue #33).
    await emailChangeCodeStep.check(hub, caller, flow, code, {
      effects: async (trx, now) => {
        await hub.accounts.setEmail(trx, account.id, email, now);
        await emitAccountEvent(
          trx,
          { kind: 'account.email_changed', accountId: account.id, data: { email } },
          now,
        );
        await recordAudit(
          trx,
          {
            event: 'account.email_changed',
            outcome: 'success',
            accountId: account.id,
            from: caller,
            detail: { added: oldEmail === null },
          },
          now,
        );
        // The person hears of it at both addresses (docs/security.md "Notices"): the old one
        // always, since it may be a takeover in progress; the new one within the notices' share.
        const language = caller.language ?? 'en';
        const notice = (to: 'old' | 'new') => ({ kind: 'email_changed', newEmail: email, to }) as const;
        const page = routePath('account_security');
        if (oldEmail) {
          const old = { accountId: account.id, email: oldEmail, language, page, always: true };
          await queueSecurityNotice(hub, trx, { ...old, notice: notice('old') }, now);
        }
        const current = { accountId: account.id, email, language, page };
        await queueSecurityNotice(hub, trx, { ...current, notice: notice('new') }, now);
      },
    });
  } catch (error) {
    if (error instanceof HubError) throw error;
    // The unique email index: another account registered the address a moment earlier.
    const taken = await hub.accounts.findByIdentifier('email', email);
    if (taken && taken.id !== account.id) throw new HubError('account.already_exists', { field: 'code' });
    throw error;
  }
  hub.nudgeMail();
  return { email: formatAccountForDisplay(email, 'email') };
};
