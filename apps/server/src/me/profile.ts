import {
  checkPersonName,
  formatAccountForDisplay,
  type MeProfile,
  type MeProfileRequest,
  type PersonName,
} from '@hub/core';
import { HubError } from '../errors.js';
import { emitAccountEvent } from '../events/emit.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';

/**
 * The Profile page's one change: the name (spec §3 profile record: first, middle, last, suffix),
 * checked by core's rules. Throttled per account, then written with its audit row in one
 * transaction; an account without a profile row gets one. The audit says which parts changed,
 * never the names themselves.
 */
export const changeProfileName = async (
  hub: Hub,
  { account }: SignedInPerson,
  from: ClientOrigin,
  input: MeProfileRequest,
): Promise<PersonName> => {
  const checked = checkPersonName(input);
  if (!checked.ok) throw new HubError(checked.code, { field: checked.field });
  await hub.throttle.consume('accountChangePerAccount', account.id);
  const { name } = checked;
  const before = await hub.profiles.fullNameOf(account.id);
  const now = hub.now();
  const changed = {
    first: before?.first_name !== name.first,
    middle: (before?.middle_name ?? null) !== name.middle,
    last: before?.last_name !== name.last,
    suffix: (before?.suffix ?? null) !== name.suffix,
  };
  await hub.db.transaction().execute(async (trx) => {
    await hub.profiles.setName(
      account.id,
      { first_name: name.first, middle_name: name.middle, last_name: name.last, suffix: name.suffix },
      now,
      trx,
    );
    await recordAudit(
      trx,
      {
        event: 'account.profile_changed',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { created: before === undefined, ...changed },
      },
      now,
    );
    await emitAccountEvent(trx, { kind: 'account.profile_updated', accountId: account.id }, now);
  });
  return name;
};

/** The Profile page: the name, and every identifier the account is known by (as the screens show them). */
export const readProfile = async (hub: Hub, { account }: SignedInPerson): Promise<MeProfile> => {
  const profile = await hub.profiles.fullNameOf(account.id);
  const identifiers: MeProfile['identifiers'] = [];
  if (account.email) identifiers.push({ kind: 'email', display: account.email });
  if (account.mobile_num)
    identifiers.push({
      kind: 'mobile_num',
      display: formatAccountForDisplay(account.mobile_num, 'mobile_num'),
    });
  if (account.username) identifiers.push({ kind: 'username', display: account.username });
  return {
    name: profile
      ? {
          first: profile.first_name,
          middle: profile.middle_name,
          last: profile.last_name,
          suffix: profile.suffix,
        }
      : null,
    identifiers,
  };
};
