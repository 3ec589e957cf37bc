import { accountPage, searchAccounts } from '../admin/accounts.js';
import { endAccountSessions, resetSecondFactors, scheduleErasure, setAccountLock } from '../admin/actions.js';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { AccountRow } from '../storage/accounts.js';
import { cliActor, hubOf, namedAccount, output } from './console-context.js';
import type { Subcommand } from './context.js';
import { EXIT, failure, iso, parseCommand, table, usageError } from './io.js';

export const accountsUsage = `Usage: hub accounts <subcommand> [--json]

  find TEXT [--page N]
        accounts whose email, id or name starts with TEXT (20 a page, from page 0)
  show ACCOUNT
        one account (its id or email): identifiers, platforms, sessions, second factors,
        linked providers, recent audit events. Never a password hash, code or secret
  lock ACCOUNT --reason TEXT
        refuse every sign-in of the account (and end its sessions) until unlocked
  unlock ACCOUNT --reason TEXT
  end-sessions ACCOUNT --reason TEXT
        sign the account out of every browser
  reset-factors ACCOUNT --reason TEXT
        remove its authenticator app, recovery codes and passkeys
  delete ACCOUNT --reason TEXT --yes
        schedule its erasure, as the person's own request does (after the grace period)

Every action is written to the audit log with its reason (as done from the command line).
--json prints one JSON document instead of text.
Exit codes: 0 done, 1 not found or a conflict, 64 bad usage, 78 bad configuration.`;

const asFailure = (error: unknown): never => {
  if (error instanceof HubError) throw failure(error.message);
  throw error;
};

const find: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { page: { type: 'string' }, json: { type: 'boolean' } },
    ['TEXT'],
  );
  const page = Number(values.page ?? '0');
  if (!Number.isInteger(page) || page < 0 || page > 500)
    throw usageError('--page is a whole number from 0 to 500.');
  return async (context) => {
    const found = await searchAccounts(hubOf(context), { q: positionals[0]!, page });
    output(context, values.json, found, ({ accounts, more }) =>
      accounts.length === 0
        ? 'No account found.'
        : `${table([
            ['ID', 'EMAIL', 'NAME', 'STATE'],
            ...accounts.map((a) => [
              a.id,
              a.email ?? a.mobile ?? a.username ?? '-',
              a.name ?? '-',
              a.locked ? 'locked' : a.deletionDueAt ? 'deletion pending' : 'active',
            ]),
          ])}${more ? `\nMore: hub accounts find ${positionals[0]} --page ${page + 1}` : ''}`,
    );
    return EXIT.ok;
  };
};

const show: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' } }, ['ACCOUNT']);
  return async (context) => {
    const hub = hubOf(context);
    const page = await accountPage(hub, (await namedAccount(hub, positionals[0]!)).id).catch(asFailure);
    output(context, values.json, page, (p) =>
      [
        `Account ${p.account.id}`,
        `  email            ${p.account.email ?? '-'}`,
        `  mobile           ${p.account.mobile ? `+63${p.account.mobile}` : '-'}`,
        `  username         ${p.account.username ?? '-'}`,
        `  name             ${p.account.name ?? '-'}`,
        `  home platform    ${p.account.homePlatform}`,
        `  created          ${iso(p.account.createdAt)}`,
        `  password         ${p.account.hasPassword ? `set ${iso(p.account.passwordChangedAt)}` : 'none'}`,
        `  sign-in          ${p.account.lockedAt ? `locked since ${iso(p.account.lockedAt)}` : 'open'}`,
        `  deletion         ${p.account.deletionDueAt ? `due ${iso(p.account.deletionDueAt)}` : '-'}`,
        `  console role     ${p.operatorRole ?? '-'}`,
        `  second factors   ${p.secondFactors.methods.join(', ') || 'none'}`,
        `  providers        ${p.providers.map((x) => x.provider).join(', ') || 'none'}`,
        `  live sessions    ${p.sessions.length}`,
        ...p.sessions.map(
          (s) => `    ${s.device}  ${s.ip ?? '-'}  ${s.platform}  last used ${iso(s.lastSeenAt)}`,
        ),
        'Recent events',
        ...p.events.map((e) => `    ${iso(e.at)}  ${e.event}  ${e.outcome}`),
      ].join('\n'),
    );
    return EXIT.ok;
  };
};

/** An account action of the console, run from the command line with its reason. */
const action =
  (
    run: (hub: Hub, account: AccountRow, by: ReturnType<typeof cliActor>) => Promise<object>,
    said: (account: AccountRow) => string,
    options: { confirm?: boolean } = {},
  ): Subcommand =>
  (args) => {
    const { values, positionals } = parseCommand(
      args,
      { reason: { type: 'string' }, json: { type: 'boolean' }, yes: { type: 'boolean' } },
      ['ACCOUNT'],
    );
    if (values.yes && !options.confirm) throw usageError('Unknown option --yes.');
    if (options.confirm && !values.yes) throw usageError('Add --yes to confirm.');
    const by = cliActor(values.reason);
    return async (context) => {
      const hub = hubOf(context);
      const account = await namedAccount(hub, positionals[0]!);
      const result = await run(hub, account, by).catch(asFailure);
      output(context, values.json, { account: account.id, ...result }, () => said(account));
      return EXIT.ok;
    };
  };

const label = (account: AccountRow) => account.email ?? account.id;

export const accountSubcommands: Record<string, Subcommand> = {
  find,
  show,
  lock: action(
    (hub, account, by) => setAccountLock(hub, account, true, by),
    (a) => `Sign-in to ${label(a)} is locked; its sessions have ended.`,
  ),
  unlock: action(
    (hub, account, by) => setAccountLock(hub, account, false, by),
    (a) => `Sign-in to ${label(a)} is open again.`,
  ),
  'end-sessions': action(endAccountSessions, (a) => `Every session of ${label(a)} has ended.`),
  'reset-factors': action(
    resetSecondFactors,
    (a) =>
      `The second factors of ${label(a)} are removed; it signs in with its password and sets one up again.`,
  ),
  delete: action(scheduleErasure, (a) => `${label(a)} is scheduled for erasure.`, { confirm: true }),
};
