import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { recordAudit } from '../services/audit.js';
import { createOperatorQueries, type OperatorRole } from '../storage/operators.js';
import type { ActionBy } from './actions.js';
import { roleRank } from './guard.js';

/**
 * Who may grant what (docs/console.md "Roles"): the command line anything; in the console only an
 * admin, never to their own account (no one raises, or lowers, their own role), never above their own.
 */
const checkGrantor = async (hub: Hub, by: ActionBy, accountId: string, role?: OperatorRole) => {
  if (by.operatorId === null) return;
  if (by.operatorId === accountId) throw new HubError('admin.forbidden');
  const own = await createOperatorQueries(hub.db).find(by.operatorId);
  if (!own || (role && roleRank(role) > roleRank(own.role))) throw new HubError('admin.forbidden');
};

/** Grants `role` to the account (or changes the role it holds). */
export const grantRole = async (hub: Hub, accountId: string, role: OperatorRole, by: ActionBy) => {
  await checkGrantor(hub, by, accountId, role);
  if (!(await hub.accounts.findById(accountId))) throw new HubError('account.not_found');
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    await createOperatorQueries(hub.db).grant(trx, {
      account_id: accountId,
      role,
      granted_at: now,
      granted_by: by.operatorId,
    });
    await recordAudit(
      trx,
      {
        event: 'admin.operator_granted',
        outcome: 'success',
        accountId,
        from: by.from,
        detail: { operator: by.operatorId, via: by.via, reason: by.reason, role },
      },
      now,
    );
  });
  return { account: accountId, role };
};

/** Takes the account's role away: its console closes at its next request. */
export const revokeRole = async (hub: Hub, accountId: string, by: ActionBy) => {
  await checkGrantor(hub, by, accountId);
  const now = hub.now();
  const revoked = await hub.db.transaction().execute(async (trx) => {
    if (!(await createOperatorQueries(hub.db).revoke(trx, accountId))) return false;
    await recordAudit(
      trx,
      {
        event: 'admin.operator_revoked',
        outcome: 'success',
        accountId,
        from: by.from,
        detail: { operator: by.operatorId, via: by.via, reason: by.reason },
      },
      now,
    );
    return true;
  });
  if (!revoked) throw new HubError('admin.operator_not_found');
  return { account: accountId, revoked: true };
};

/** Every account with a role. */
export const listOperators = async (hub: Hub) =>
  (await createOperatorQueries(hub.db).list()).map((row) => ({
    account: row.account_id,
    email: row.email,
    role: row.role,
    grantedAt: row.granted_at,
    grantedBy: row.granted_by,
    locked: row.sign_in_locked_at !== null && row.sign_in_locked_at !== undefined,
  }));
