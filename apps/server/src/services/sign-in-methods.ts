import type { Transaction } from 'kysely';
import type { Hub } from '../hub.js';
import { createPasskeyQueries } from '../storage/passkeys.js';
import type { Database } from '../storage/schema.js';
import { createSocialIdentityQueries } from '../storage/social-identities.js';

/** What counts the ways an account can sign in: the password, each linked identity, each passkey. */
interface SignInMethodsInput {
  hasPassword: boolean;
  identities: number;
  passkeys: number;
}

/**
 * THE count of the ways an account can still sign in, which an unlink (or removing a passkey) may
 * never bring to 0. A passkey signs in on its own (docs/passkeys.md), so each one counts. Read in
 * `signInMethodsOf`, with the account's row locked, so two removals at once take turns: that is
 * the one place that decides what "the last way" is.
 */
export const countSignInMethods = ({ hasPassword, identities, passkeys }: SignInMethodsInput): number =>
  (hasPassword ? 1 : 0) + identities + passkeys;

/** The account's row locked for a change, with what it signs in with, in `trx`. */
export const signInMethodsOf = async (hub: Hub, accountId: string, trx: Transaction<Database>) => {
  const locked = await hub.accounts.lockForChange(trx, accountId, hub.now());
  const identities = await createSocialIdentityQueries(hub.db).forAccount(accountId, trx);
  const passkeys = await createPasskeyQueries(hub.db).countForAccount(accountId, trx);
  return { locked, identities, passkeys };
};
