import type { FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import { requireSameOrigin } from '../http/request-context.js';
import { sessionIdOf, sessionTokenOf } from '../http/session.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { endSessions } from '../sso/session-end.js';
import type { AccountRow } from '../storage/accounts.js';
import { createOperatorQueries, type OperatorRole } from '../storage/operators.js';

/** The console roles, each allowing what the ones before it allow (docs/console.md "Roles"). */
export const operatorRoles = ['viewer', 'support', 'admin'] as const satisfies readonly OperatorRole[];
export const roleRank = (role: OperatorRole): number => operatorRoles.indexOf(role);
export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (operatorRoles as readonly string[]).includes(value);

/** The amr values of a second factor proved in the session: an authenticator (or recovery) code, a passkey. */
const SECOND_FACTOR_AMR = ['otp', 'hwk'];

/** Who is acting in the console: their account, role and hub session. */
type SessionRow = NonNullable<Awaited<ReturnType<Hub['sessions']['findActive']>>>;

export interface Operator {
  account: AccountRow;
  role: OperatorRole;
  session: SessionRow;
}

/**
 * The one guard of every console API (`/api/admin/...`), run before anything is read for the
 * request, and on every request (nothing of it is cached, so a role taken away, an account locked
 * or deleted loses the console at its next call, on every hub process at once):
 *
 * 1. the request comes from the hub's own pages (the same Origin rule as every flow step);
 * 2. a live hub session, used within policy.consoleIdleMs (else the session ends: 401);
 * 3. its account exists, is not locked nor being deleted, and holds a role (else 403);
 * 4. the session proved a second factor, a passkey or an authenticator code (else 403);
 * 5. the role is at least `need` (else 403).
 */
export const requireOperator = async (
  hub: Hub,
  request: FastifyRequest,
  need: OperatorRole,
): Promise<Operator> => {
  requireSameOrigin(request, hub.config);
  const token = sessionTokenOf(hub, request);
  const now = hub.now();
  const session =
    token && token.length <= 128 ? await hub.sessions.findActive(sessionIdOf(token), now) : undefined;
  if (!session) throw new HubError('session.required');
  if (now - session.last_seen_at > policy.consoleIdleMs) {
    await endSessions(hub, { only: session.id });
    throw new HubError('session.required');
  }
  const account = await hub.accounts.findById(session.account_id);
  const operator = account ? await createOperatorQueries(hub.db).find(account.id) : undefined;
  if (!account || !operator || account.sign_in_locked_at || account.deletion_due_at !== null) {
    throw new HubError('admin.forbidden');
  }
  const amr = (session.amr ?? '').split(' ');
  if (!SECOND_FACTOR_AMR.some((value) => amr.includes(value)))
    throw new HubError('admin.second_factor_required');
  if (roleRank(operator.role) < roleRank(need)) throw new HubError('admin.forbidden');
  // Every console request is a use of the session: the idle time above counts from the last one.
  await hub.sessions.touch(session.id, now, now - 1);
  return { account, role: operator.role, session };
};

/** Whether this browser's session may see the console's page (`/admin`): the same checks, no throw. */
export const mayOpenConsole = async (hub: Hub, request: FastifyRequest): Promise<boolean> => {
  try {
    const token = sessionTokenOf(hub, request);
    const now = hub.now();
    const session =
      token && token.length <= 128 ? await hub.sessions.findActive(sessionIdOf(token), now) : undefined;
    if (!session) return false;
    return (await createOperatorQueries(hub.db).find(session.account_id)) !== undefined;
  } catch {
    return false;
  }
};
