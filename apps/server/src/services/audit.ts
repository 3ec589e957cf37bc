import { createAuditQueries } from '../storage/audit.js';
import type { Db } from '../storage/db.js';
import { countAuditEvent } from './metrics.js';

export type AuditEvent =
  | 'signup.code_sent'
  | 'signup.code_failed'
  | 'signup.code_verified'
  | 'signup.completed'
  | 'login.identified'
  | 'login.success'
  | 'login.failure'
  | 'reset.code_sent'
  | 'reset.code_failed'
  | 'reset.code_verified'
  | 'password.changed'
  | 'switching.linked'
  | 'switching.failure'
  | 'linking.linked'
  | 'linking.failure'
  | 'default_platform.changed'
  | 'default_platform.failure'
  | 'work_account.invited'
  | 'work_account.code_sent'
  | 'work_account.code_verified'
  | 'work_account.code_failed'
  | 'work_account.registered'
  | 'social.linked'
  | 'account.password_changed'
  | 'account.password_change_failed'
  | 'account.email_change_requested'
  | 'email_change.code_sent'
  | 'email_change.code_failed'
  | 'account.email_changed'
  | 'account.provider_linked'
  | 'account.provider_unlinked'
  | 'social.refused'
  | 'sso.tool_refused'
  | 'passkey.registered'
  | 'passkey.removed'
  | 'passkey.sign_in'
  | 'passkey.failure'
  | 'throttle.refused'
  | 'second_factor.required'
  | 'second_factor.ok'
  | 'second_factor.failed'
  | 'second_factor.locked'
  | 'second_factor.enrolled'
  | 'second_factor.removed'
  | 'second_factor.password_failed'
  | 'second_factor.recovery_codes_created'
  | 'oidc.authorize'
  | 'oidc.token'
  | 'oidc.refresh_reuse'
  | 'oidc.logout'
  | 'oidc.backchannel_logout'
  | 'account.data_exported'
  | 'account.deletion_requested'
  | 'account.deletion_cancelled'
  | 'account.erased'
  // The account center's Devices and Platforms & tools pages (docs/account-center.md).
  | 'session.ended'
  | 'tool.access_removed'
  | 'oidc.consent_revoked'
  | 'account.profile_changed'
  | 'account.logout'
  // The operator console (docs/console.md): each with the acting operator and the reason given.
  | 'admin.sessions_ended'
  | 'admin.account_locked'
  | 'admin.account_unlocked'
  | 'admin.factors_reset'
  | 'admin.reset_code_sent'
  | 'admin.provider_unlinked'
  | 'admin.data_exported'
  | 'admin.deletion_requested'
  | 'admin.operator_granted'
  | 'admin.operator_revoked'
  // The tool and client registry (the console's and `hub tools`/`hub clients`): the tool (`tid`)
  // or client (`client`) in the detail.
  | 'admin.tool_registered'
  | 'admin.tool_updated'
  | 'admin.tool_credential_rotated'
  | 'admin.tool_callback_set'
  | 'admin.tool_callback_removed'
  | 'admin.tool_key_added'
  | 'admin.tool_key_removed'
  | 'admin.tool_member_added'
  | 'admin.tool_member_removed'
  | 'admin.tool_removed'
  | 'admin.client_registered'
  | 'admin.client_updated'
  | 'admin.client_secret_rotated'
  | 'admin.client_removed'
  | 'account.locked_refused';

/**
 * The request an audited action was taken in: the client's address, the request's id (its
 * X-Request-Id) and the browser's User-Agent. Handed along by the caller, like the address, rather
 * than read from an `AsyncLocalStorage` scope: on Node 20 such a scope turns on a hook for every
 * promise of the process, which cost the account look-up a seventh of its rate (docs/performance.md
 * "The request's origin, handed along").
 */
export interface RequestOrigin {
  /** Null where the caller is a server (the platform API), not a person's browser. */
  ip: string | null;
  requestId: string | undefined;
  /** Cut to 512 characters. */
  userAgent: string | undefined;
}

/** The origin of work no request started (the command line, the cleanup job). */
export const NO_REQUEST: RequestOrigin = { ip: null, requestId: undefined, userAgent: undefined };

/** A request from a person's browser, whose address is always known. */
export type ClientOrigin = RequestOrigin & { ip: string };

export interface AuditEntry {
  event: AuditEvent;
  outcome: 'success' | 'failure' | 'refused';
  accountId?: string | null;
  /** The request it was taken in; null for work no request started (the CLI, the cleanup job). */
  from: RequestOrigin | null;
  /** Context only: never a password, code, hash or token. */
  detail?: Record<string, string | number | boolean | null>;
}

const toolOf = (detail: AuditEntry['detail']) => {
  const tool = detail?.tool ?? detail?.tid;
  return typeof tool === 'number' && Number.isInteger(tool) ? tool : null;
};

/** Writes one authentication event (docs/security.md "Also"); usable inside the caller's transaction. */
export const recordAudit = async (db: Db, entry: AuditEntry, now: number) => {
  await createAuditQueries(db).insert({
    at: now,
    event: entry.event,
    outcome: entry.outcome,
    account_id: entry.accountId ?? null,
    ip: entry.from?.ip ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    // The request this row was written for (its X-Request-Id).
    request_id: entry.from?.requestId ?? null,
    // And the device it came from, for the person's own sign-in history (the account center).
    user_agent: entry.from?.userAgent ?? null,
    // The acting operator (docs/console.md "Audit"), in a column of its own for the indexed filter.
    operator: typeof entry.detail?.operator === 'string' ? entry.detail.operator : null,
    // The tool it is about (`tool` on sign-ins and refusals, `tid` on the registry's changes), likewise.
    tool: toolOf(entry.detail),
  });
  countAuditEvent(entry.event, entry.outcome, entry.detail);
};
