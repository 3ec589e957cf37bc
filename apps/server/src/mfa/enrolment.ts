import type { Language, SecondFactorStatus } from '@hub/core';
import { HubError } from '../errors.js';
import { checkAccountPassword } from '../flows/password-check.js';
import type { Hub } from '../hub.js';
import { queueFactorNotice } from '../mail/security-notice.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import type { AccountRow } from '../storage/accounts.js';
import { enrolledMethods, secondFactorMethodEntries } from './methods.js';
import { hasPasskeys } from './passkeys.js';
import { newRecoveryCodes } from './recovery.js';
import { newTotpSecret, otpauthUri, qrCodeDataUrl, totpStepOf } from './totp.js';

/**
 * Setting up second factors, for the signed-in account (the routes check the hub session and,
 * on changes, the Origin). The authenticator app's secret is sealed at rest (KEY_ENCRYPTION_KEY)
 * and is in use only once a first code confirmed it; recovery codes are shown once and stored
 * hashed. Removing the last second factor asks for the password, and deletes the recovery codes
 * with it (they only stand in for a second factor).
 */

export const secondFactorStatus = async (hub: Hub, accountId: string): Promise<SecondFactorStatus> => {
  const [methods, row, remaining] = await Promise.all([
    enrolledMethods(hub, accountId),
    hub.secondFactors.find(accountId),
    hub.secondFactors.unusedRecoveryCodes(accountId),
  ]);
  const confirmedAt = row?.totp_secret ? row.totp_confirmed_at : null;
  return {
    methods,
    totp: { enrolled: confirmedAt !== null, confirmedAt },
    recoveryCodes: { remaining: methods.length > 0 ? remaining : 0 },
  };
};

/** POST …/totp: a new secret, its otpauth:// URI and QR code; it replaces one not yet confirmed. */
export const startTotpEnrolment = async (hub: Hub, account: AccountRow, from: ClientOrigin) => {
  await hub.throttle.consume('secondFactorEnrolPerIp', from.ip);
  const secret = newTotpSecret();
  const started = await hub.secondFactors.startTotp(
    account.id,
    hub.secondFactorSealer.seal(account.id, secret),
    hub.now(),
  );
  if (!started) throw new HubError('second_factor.already_enrolled');
  const uri = otpauthUri(secret, account.email ?? account.username ?? account.mobile_num ?? account.id);
  return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
};

/**
 * POST …/totp/confirm: the first code from the app. Its time step is remembered (that code does not
 * sign in afterwards). The first second factor comes with ten recovery codes, in the same transaction,
 * and so does the person's notice (docs/security.md "Notices").
 */
export const confirmTotpEnrolment = async (
  hub: Hub,
  account: AccountRow,
  input: string,
  from: ClientOrigin,
  language: Language,
) => {
  const entry = secondFactorMethodEntries.totp;
  const code = entry.parse({ code: input });
  if (code === undefined) throw new HubError(entry.malformed, { field: 'code' });
  await hub.throttle.consume('secondFactorPerIp', from.ip);
  const row = await hub.secondFactors.find(account.id);
  if (row?.totp_confirmed_at != null && row.totp_secret) throw new HubError('second_factor.already_enrolled');
  if (!row?.totp_secret) throw new HubError('second_factor.enrolment_not_started');
  const secret = hub.secondFactorSealer.open(account.id, row.totp_secret);
  const step = await totpStepOf(secret, code, hub.now(), null);
  if (step === undefined) throw new HubError('second_factor.code_incorrect', { field: 'code' });
  let recoveryCodes: string[] | undefined;
  const noticed = await hub.db.transaction().execute(async (trx) => {
    const now = hub.now();
    if (!(await hub.secondFactors.confirmTotp(trx, account.id, row.totp_secret!, step, now))) {
      throw new HubError('second_factor.enrolment_not_started');
    }
    if ((await hub.secondFactors.unusedRecoveryCodes(account.id, trx)) === 0) {
      const made = newRecoveryCodes(account.id);
      await hub.secondFactors.replaceRecoveryCodes(trx, account.id, made.hashes, now);
      recoveryCodes = made.shown;
    }
    await recordAudit(
      trx,
      {
        event: 'second_factor.enrolled',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { method: 'totp' },
      },
      now,
    );
    return queueFactorNotice(hub, trx, { account, method: 'totp', change: 'added', language }, now);
  });
  if (noticed) hub.nudgeMail();
  return {
    status: await secondFactorStatus(hub, account.id),
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
};

/**
 * DELETE …/totp. When it is the account's last second factor (no passkey left beside it) the
 * password must come with it, under the password's own limits, and the recovery codes go with it.
 * The person's notice is queued with the removal.
 */
export const removeTotp = async (
  hub: Hub,
  account: AccountRow,
  password: string | undefined,
  from: ClientOrigin,
  language: Language,
) => {
  await hub.throttle.consume('secondFactorEnrolPerIp', from.ip);
  const methods = await enrolledMethods(hub, account.id);
  if (!methods.includes('totp')) throw new HubError('second_factor.method_unavailable');
  const last = !(await hasPasskeys(hub, account.id));
  if (last) {
    if (!password) throw new HubError('password.required', { field: 'password' });
    await checkAccountPassword(hub, {
      accountId: account.id,
      password,
      from,
      failureEvent: 'second_factor.password_failed',
    });
  }
  const noticed = await hub.db.transaction().execute(async (trx) => {
    const now = hub.now();
    await hub.secondFactors.removeTotp(trx, account.id, now);
    if (last) await hub.secondFactors.replaceRecoveryCodes(trx, account.id, [], now);
    await recordAudit(
      trx,
      {
        event: 'second_factor.removed',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { method: 'totp' },
      },
      now,
    );
    return queueFactorNotice(hub, trx, { account, method: 'totp', change: 'removed', language }, now);
  });
  if (noticed) hub.nudgeMail();
  return secondFactorStatus(hub, account.id);
};

/** POST …/recovery-codes: ten new codes, shown once; the old ones stop working. */
export const regenerateRecoveryCodes = async (hub: Hub, account: AccountRow, from: ClientOrigin) => {
  await hub.throttle.consume('secondFactorEnrolPerIp', from.ip);
  const methods = await enrolledMethods(hub, account.id);
  if (!methods.some((method) => method !== 'recovery')) throw new HubError('second_factor.not_enrolled');
  const made = newRecoveryCodes(account.id);
  await hub.db.transaction().execute(async (trx) => {
    const now = hub.now();
    await hub.secondFactors.replaceRecoveryCodes(trx, account.id, made.hashes, now);
    await recordAudit(
      trx,
      { event: 'second_factor.recovery_codes_created', outcome: 'success', accountId: account.id, from },
      now,
    );
  });
  return { codes: made.shown };
};
