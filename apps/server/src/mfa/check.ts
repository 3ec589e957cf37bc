import type { SecondFactorMethod } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { rateLimited } from '../services/throttle.js';
import type { SecondFactorsTable } from '../storage/schema.js';
import {
  enrolmentFacts,
  type SecondFactorInput,
  type SecondFactorMethodEntry,
  secondFactorMethodEntries,
} from './methods.js';

const FREE_FAILURES = policy.freeSecondFactorFailures;

/** After the free failures: 30 s, 60 s, 2 min … capped at one hour. Never a lockout for good. */
export const secondFactorDelayMs = (failures: number): number =>
  failures < FREE_FAILURES
    ? 0
    : Math.min(
        policy.secondFactorDelayMaxMs,
        policy.secondFactorDelayBaseMs * 2 ** (failures - FREE_FAILURES),
      );

/**
 * The check of a second factor, for the second step of a sign-in: the proof's form (a malformed one
 * counts nothing), the client's limit, the method set up on the account, then one attempt reserved
 * on the account before the check (as passwords, flows/password-check.ts): a burst of parallel
 * guesses gets no more checks than the same guesses one after another. Audited either way.
 */
export const checkSecondFactor = async (
  hub: Hub,
  input: {
    accountId: string;
    flowId: string;
    method: SecondFactorMethod;
    proof: SecondFactorInput;
    from: ClientOrigin;
  },
): Promise<void> => {
  const entry = secondFactorMethodEntries[input.method] as SecondFactorMethodEntry<unknown>;
  const proof = entry.parse(input.proof);
  if (proof === undefined) throw new HubError(entry.malformed, { field: entry.field });
  await hub.throttle.consume('secondFactorPerIp', input.from.ip);
  const current = await hub.secondFactors.find(input.accountId);
  if (!(await entry.enrolled(enrolmentFacts(hub, input.accountId, current)))) {
    throw new HubError('second_factor.method_unavailable', { field: 'method' });
  }
  const row = await reserveAttempt(hub, input.accountId, input.from);
  const detail = { method: input.method, failures: row.failed_count };
  if (!(await entry.check(hub, input.accountId, row, proof, { flowId: input.flowId, from: input.from }))) {
    const locked = row.blocked_until !== null && row.blocked_until > hub.now();
    await recordAudit(
      hub.db,
      {
        event: locked ? 'second_factor.locked' : 'second_factor.failed',
        outcome: 'failure',
        accountId: input.accountId,
        from: input.from,
        detail,
      },
      hub.now(),
    );
    throw new HubError(entry.incorrect, { field: entry.field });
  }
  await hub.secondFactors.clearFailures(input.accountId);
  await recordAudit(
    hub.db,
    {
      event: 'second_factor.ok',
      outcome: 'success',
      accountId: input.accountId,
      from: input.from,
      detail: { method: input.method },
    },
    hub.now(),
  );
};

/**
 * The account's row with one attempt reserved; 429 while it waits out a delay. A refused
 * reservation is read again to tell a wait from a missing row; the second try covers a wait lifted
 * by a right factor in between.
 */
const reserveAttempt = async (
  hub: Hub,
  accountId: string,
  from: ClientOrigin,
): Promise<SecondFactorsTable> => {
  for (let tries = 0; ; tries += 1) {
    const now = hub.now();
    const reserved = await hub.secondFactors.reserveAttempt(accountId, now, secondFactorDelayMs);
    if (reserved) return reserved;
    const row = await hub.secondFactors.find(accountId);
    if (!row) {
      await hub.secondFactors.ensureRow(accountId, now);
      continue;
    }
    const blockedUntil = row.blocked_until ?? 0;
    if (blockedUntil > now || tries > 0) {
      await recordAudit(
        hub.db,
        {
          event: 'second_factor.locked',
          outcome: 'refused',
          accountId,
          from,
          detail: { failures: row.failed_count },
        },
        now,
      );
      const waitMs = Math.min(blockedUntil - hub.now(), secondFactorDelayMs(row.failed_count));
      throw rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }
};
