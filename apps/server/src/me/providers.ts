import type { SecurityOverview, SocialProvider } from '@hub/core';
import { HubError } from '../errors.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { type RequestOrigin, recordAudit } from '../services/audit.js';
import { countSignInMethods, signInMethodsOf } from '../services/sign-in-methods.js';
import type { SocialProviders } from '../social/providers.js';
import { createPasskeyQueries } from '../storage/passkeys.js';
import { createSocialIdentityQueries } from '../storage/social-identities.js';

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
  /** The request; null for an operator's command line (admin/actions.ts). */
  from: RequestOrigin | null,
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
        from,
        detail: { provider },
      },
      hub.now(),
    );
  });
};
