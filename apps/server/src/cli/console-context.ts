import { ADMIN_REASON_MAX, type ErrorCode } from '@hub/core';
import type { ActionBy } from '../admin/actions.js';
import { HubError } from '../errors.js';
import { createHub, type Hub } from '../hub.js';
import { onSessionsEnded } from '../sso/session-end.js';
import type { AccountRow } from '../storage/accounts.js';
import type { CommandContext } from './context.js';
import { failure, usageError } from './io.js';

/**
 * What `hub operators` and `hub accounts` share: the hub's services over the command's database
 * (the console's own, admin/), the account a command names, its reason, and its output, as text
 * or, with --json, as one JSON document on stdout.
 */
export const hubOf = (context: CommandContext): Hub => {
  const hub = createHub({
    config: context.config,
    database: context.database,
    now: context.now,
    log: {
      info: () => {},
      warn: (_d, message) => context.err(message),
      error: (_d, message) => context.err(message),
    },
  });
  tellClientsFromTheCommandLine(hub);
  return hub;
};

/**
 * Single sign-out from the command line (`hub accounts end-sessions|lock|delete`, `hub cleanup`):
 * no provider runs here, so the first time a command ends sessions that OpenID Connect clients
 * signed in from, it is loaded (never before: most commands end nothing) and tells them by
 * back-channel logout, as the running hub does; from then on it listens itself.
 */
const tellClientsFromTheCommandLine = (hub: Hub) => {
  const stop = onSessionsEnded(hub, async (ended) => {
    if (ended.oidc.length === 0) return;
    stop();
    const { createHubOidc } = await import('../oidc/provider.js');
    await (await createHubOidc(hub)).tellSignedOut(ended);
  });
};

/** The account a command names: its id, or its email (any case). */
export const namedAccount = async (hub: Hub, input: string): Promise<AccountRow> => {
  const account = input.includes('@')
    ? await hub.accounts.findByIdentifier('email', input)
    : await hub.accounts.findById(input);
  if (!account) throw failure(`No account ${input}.`);
  return account;
};

/** An action run from the command line: no operator account (whoever holds DATABASE_URL), its reason. */
export const cliActor = (reason: string | undefined, fallback?: string): ActionBy => {
  const given = reason?.trim() || fallback;
  if (!given) throw usageError('--reason is required: it goes into the audit log.');
  return { operatorId: null, via: 'cli', reason: given, from: null };
};

/**
 * A change of the tool or client registry (`hub tools`, `hub clients`) run from the command line:
 * its reason is optional ("command line"), and no longer than the console takes; a longer one is
 * bad usage, refused before the database is opened.
 */
export const registryActor = (reason: string | undefined): ActionBy => {
  if (reason !== undefined && reason.length > ADMIN_REASON_MAX)
    throw usageError(`--reason is too long: at most ${ADMIN_REASON_MAX} characters.`);
  return cliActor(reason, 'command line');
};

/**
 * Runs one of the console's registry changes (admin/tool-registry.ts, admin/client-registry.ts),
 * turning its refusals into the command line's: `messages` words each code it can answer (exit 1);
 * another refusal exits 1 with the catalogue's message.
 */
export const asCommand = async <T>(
  change: () => Promise<T>,
  messages: Partial<Record<ErrorCode, () => string | Promise<string>>>,
): Promise<T> => {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    const message = messages[error.code];
    throw failure(message ? await message() : `${error.message}${error.field ? ` (${error.field})` : ''}`);
  }
};

/** Prints `value` as JSON (--json) or as the text `human` makes of it. */
export const output = <T>(
  context: CommandContext,
  json: boolean | undefined,
  value: T,
  human: (value: T) => string,
) => {
  context.out(json ? JSON.stringify(value, null, 2) : human(value));
};
