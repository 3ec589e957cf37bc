import { generateSync } from 'otplib';
import { newRecoveryCodes } from '../mfa/recovery.js';
import { newTotpSecret, timeStepAt } from '../mfa/totp.js';
import type { TestHub } from './app.js';

/** The code an authenticator app shows for `secret` at `nowMs` (the test clock's time). */
export const totpCodeAt = (secret: string, nowMs: number) =>
  generateSync({ secret, epoch: Math.floor(nowMs / 1000) });

/**
 * An authenticator app and ten recovery codes set up on the account, as the enrolment API leaves
 * them (mfa/enrolment.ts), written directly: for the tests of the sign-in exits.
 */
export const seedSecondFactor = async (hub: TestHub, accountId: string) => {
  const now = hub.clock.now();
  const secret = newTotpSecret();
  const sealed = hub.hub.secondFactorSealer.seal(accountId, secret);
  await hub.hub.secondFactors.startTotp(accountId, sealed, now);
  const codes = newRecoveryCodes(accountId);
  await hub.database.db.transaction().execute(async (trx) => {
    await hub.hub.secondFactors.confirmTotp(trx, accountId, sealed, timeStepAt(now) - 5, now);
    await hub.hub.secondFactors.replaceRecoveryCodes(trx, accountId, codes.hashes, now);
  });
  return { secret, recoveryCodes: codes.shown, code: () => totpCodeAt(secret, hub.clock.now()) };
};
