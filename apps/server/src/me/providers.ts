import type { SecurityOverview, SocialProvider } from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { recordAudit } from '../services/audit.js';
import type { SocialProviders } from '../social/providers.js';
import { createPasskeyQueries } from '../storage/passkeys.js';
import type { Database } from '../storage/schema.js';
import { createSocialIdentityQueries } from '../storage/social-identities.js';
import type { SignedInPerson } from './auth.js';

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

/** GET /api/me/security: the email, the password's state, the linked and the linkable providers. */
export const securityOverview = async (
  hub: Hub,
  providers: SocialProviders,
  { account }: SignedInPerson,
): Promise<SecurityOverview> => {
  const identities = await createSocialIdentityQueries(hub.db).forAccount(account.id);
  const passkeys = await createPasskeyQueries(hub.db).countForAccount(account.id);
  return {
    email: account.email,
    hasPassword: account.password_hash !== null,
    passwordChangedAt: account.password_changed_at,
    linked: identities.map((identity) => ({
      provider: identity.provider,
      email: identity.email,
      linkedAt: identity.created_at,
    })),
    available: providers.enabled(),
    signInMethods: countSignInMethods({
      hasPassword: account.password_hash !== null,
      identities: identities.length,
      passkeys,
    }),
  };
};

/**
 * DELETE /api/me/providers/:provider: unlinks the account's identity of that provider, never the
 * last way to sign in ('account.last_sign_in_method'). The account's row is locked for the check
 * and the delete, so two unlinks at once (Google and Facebook of an account without a password)
 * take turns and the second sees that it would be the last.
 */
export const unlinkProvider = async (
  hub: Hub,
  { account }: SignedInPerson,
  ip: string,
  provider: SocialProvider,
) => {
  await hub.throttle.consume('securityChangePerAccount', `account:${account.id}`);
  const identities = createSocialIdentityQueries(hub.db);
  await hub.db.transaction().execute(async (trx) => {
    const { locked, identities: linked, passkeys } = await signInMethodsOf(hub, account.id, trx);
    if (!locked) throw new HubError('session.required');
    const removing = linked.filter((identity) => identity.provider === provider).length;
    if (removing === 0) throw new HubError('provider.not_linked');
    const left = countSignInMethods({
      hasPassword: locked.password_hash !== null,
      identities: linked.length - removing,
      passkeys,
    });
    if (left === 0) throw new HubError('account.last_sign_in_method');
    await identities.removeForAccount(trx, account.id, provider);
    await recordAudit(
      trx,
      {
        event: 'account.provider_unlinked',
        outcome: 'success',
        accountId: account.id,
        ip,
        detail: { provider },
      },
      hub.now(),
    );
  });
};
