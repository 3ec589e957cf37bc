import { type ActionBy, requireReason } from '../admin/actions.js';
import { isOperatorRole, operatorRoles } from '../admin/guard.js';
import { grantRole, listOperators, revokeRole } from '../admin/operators.js';
import { HubError } from '../errors.js';
import { cliActor, hubOf, namedAccount, output } from './console-context.js';
import type { Subcommand } from './context.js';
import { EXIT, failure, iso, parseCommand, table, usageError } from './io.js';

export const operatorsUsage = `Usage: hub operators <subcommand> [--json]

  grant ACCOUNT --role viewer|support|admin [--reason TEXT]
        let the account (its id or email) enter the operator console (/admin) with that role;
        it must sign in with a second factor (a passkey or an authenticator code) to enter.
        viewer reads; support also acts on accounts; admin also manages tools, clients and
        operators. Granting again changes the role
  revoke ACCOUNT [--reason TEXT]
        take the role away: the console closes at the account's next request
  list
        every operator: account, email, role, when granted and by whom

--json prints one JSON document instead of text. Every grant and revoke is in the audit log.
Exit codes: 0 done, 1 not found, 64 bad usage, 78 bad configuration.`;

/** A console refusal (an unknown account, no role to revoke) as the command line's failure. */
const asFailure = (error: unknown): never => {
  if (error instanceof HubError) throw failure(error.message);
  throw error;
};

const grant: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { role: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } },
    ['ACCOUNT'],
  );
  const role = values.role;
  if (!isOperatorRole(role)) throw usageError(`--role is one of ${operatorRoles.join(', ')}.`);
  const by: ActionBy = cliActor(values.reason, 'granted from the command line');
  return async (context) => {
    const hub = hubOf(context);
    const account = await namedAccount(hub, positionals[0]!);
    const result = await grantRole(hub, account.id, role, by).catch(asFailure);
    output(
      context,
      values.json,
      { ...result, email: account.email },
      (r) => `${r.email ?? r.account} is now ${r.role}.`,
    );
    return EXIT.ok;
  };
};

const revoke: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { reason: { type: 'string' }, json: { type: 'boolean' } },
    ['ACCOUNT'],
  );
  const by = cliActor(values.reason, 'revoked from the command line');
  requireReason(by.reason);
  return async (context) => {
    const hub = hubOf(context);
    const account = await namedAccount(hub, positionals[0]!);
    const result = await revokeRole(hub, account.id, by).catch(asFailure);
    output(
      context,
      values.json,
      result,
      () => `${account.email ?? account.id} no longer has a console role.`,
    );
    return EXIT.ok;
  };
};

const list: Subcommand = (args) => {
  const { values } = parseCommand(args, { json: { type: 'boolean' } }, []);
  return async (context) => {
    const operators = await listOperators(hubOf(context));
    output(context, values.json, { operators }, ({ operators: rows }) =>
      rows.length === 0
        ? 'No operators. Grant a role with: hub operators grant ACCOUNT --role admin'
        : table([
            ['ACCOUNT', 'EMAIL', 'ROLE', 'GRANTED', 'BY'],
            ...rows.map((row) => [
              row.account,
              row.email ?? '-',
              row.locked ? `${row.role} (locked)` : row.role,
              iso(row.grantedAt),
              row.grantedBy ?? 'command line',
            ]),
          ]),
    );
    return EXIT.ok;
  };
};

export const operatorSubcommands: Record<string, Subcommand> = { grant, revoke, list };
