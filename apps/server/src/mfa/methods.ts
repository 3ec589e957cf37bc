import {
  type ErrorCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
  type SecondFactorMethod,
  secondFactorMethods,
} from '@hub/core';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ClientOrigin } from '../services/audit.js';
import type { SecondFactorsTable } from '../storage/schema.js';
import { hasPasskeys, verifyPasskeyAssertion } from './passkeys.js';
import { recoveryCodeHash } from './recovery.js';
import { totpStepOf } from './totp.js';

/** What a second-step request sends: a code as typed, or a passkey's answer. */
export interface SecondFactorInput {
  code?: string | undefined;
  response?: AuthenticationResponseJSON | undefined;
}

/** Where the proof is checked: the second-factor flow (a passkey's challenge is bound to it) and the caller. */
export interface SecondFactorCheckContext {
  flowId: string;
  from: ClientOrigin;
}

/**
 * What an account has enrolled, read once for all the methods: its second-factor row and, when a
 * method asks, whether it has a passkey (counted once however many methods ask) and how many
 * recovery codes it has left.
 */
export interface EnrolmentFacts {
  row: SecondFactorsTable | undefined;
  hasPasskeys(): Promise<boolean>;
  unusedRecoveryCodes(): Promise<number>;
}

export const enrolmentFacts = (
  hub: Hub,
  accountId: string,
  row: SecondFactorsTable | undefined,
): EnrolmentFacts => {
  let passkeys: Promise<boolean> | undefined;
  return {
    row,
    hasPasskeys: () => {
      passkeys ??= hasPasskeys(hub, accountId);
      return passkeys;
    },
    unusedRecoveryCodes: () => hub.secondFactors.unusedRecoveryCodes(accountId),
  };
};

/**
 * A way of confirming a sign-in a second time: one entry each, one value each of core's
 * `secondFactorMethods`. The second step (second-step.ts) offers the entries an account has, and
 * checks the one the request names.
 */
export interface SecondFactorMethodEntry<Proof = string> {
  id: SecondFactorMethod;
  /** Whether the account can confirm a sign-in this way. */
  enrolled(facts: EnrolmentFacts): Promise<boolean>;
  /** The proof as sent, in the form check() takes; undefined when it cannot be one (no attempt is counted). */
  parse(input: SecondFactorInput): Proof | undefined;
  /** The refusal of what parse() cannot read, and the request's field it names. */
  malformed: ErrorCode;
  field: 'code' | 'response';
  /**
   * Checks the proof and, when it is right, spends it (a TOTP time step, a recovery code, a
   * passkey's challenge and counter) in one conditional update, so of two requests with the same
   * proof one succeeds. The caller has reserved the attempt already.
   */
  check(
    hub: Hub,
    accountId: string,
    row: SecondFactorsTable,
    proof: Proof,
    context: SecondFactorCheckContext,
  ): Promise<boolean>;
  /** The refusal of a wrong proof. */
  incorrect: ErrorCode;
}

const typed = (parse: (input: string) => string | undefined) => (input: SecondFactorInput) =>
  input.code === undefined ? undefined : parse(input.code);

const totpConfirmed = (row: SecondFactorsTable | undefined) =>
  Boolean(row?.totp_secret && row.totp_confirmed_at !== null);

const totp: SecondFactorMethodEntry = {
  id: 'totp',
  enrolled: async (facts) => totpConfirmed(facts.row),
  parse: typed(normalizeTotpCode),
  malformed: 'second_factor.code_required',
  field: 'code',
  async check(hub, accountId, row, code) {
    if (!row.totp_secret) return false;
    const secret = hub.secondFactorSealer.open(accountId, row.totp_secret);
    const step = await totpStepOf(secret, code, hub.now(), row.totp_last_step);
    return step !== undefined && (await hub.secondFactors.takeTotpStep(accountId, step, hub.now()));
  },
  incorrect: 'second_factor.code_incorrect',
};

const recovery: SecondFactorMethodEntry = {
  id: 'recovery',
  // Recovery codes exist only beside another second factor, an authenticator app or a passkey
  // (removing the last one deletes them).
  enrolled: async (facts) =>
    (totpConfirmed(facts.row) || (await facts.hasPasskeys())) && (await facts.unusedRecoveryCodes()) > 0,
  parse: typed(normalizeRecoveryCode),
  malformed: 'second_factor.recovery_incorrect',
  field: 'code',
  check: (hub, accountId, _row, code) =>
    hub.secondFactors.useRecoveryCode(accountId, recoveryCodeHash(accountId, code), hub.now()),
  incorrect: 'second_factor.recovery_incorrect',
};

/**
 * A passkey's answer to the challenge of the flow's passkey options (passkeyAssertionOptions, made
 * for this flow): the challenge is taken once, the credential must be the account's, the counter
 * moves forward (mfa/passkeys.ts). A refused answer is a wrong proof; no waiting challenge (none
 * asked for, used up, expired) is the flow's own refusal.
 */
const passkey: SecondFactorMethodEntry<AuthenticationResponseJSON> = {
  id: 'passkey',
  enrolled: (facts) => facts.hasPasskeys(),
  parse: (input) => input.response,
  malformed: 'passkey.refused',
  field: 'response',
  async check(hub, accountId, _row, response, context) {
    try {
      await verifyPasskeyAssertion(hub, { accountId, flowId: context.flowId, response, from: context.from });
      return true;
    } catch (error) {
      if (error instanceof HubError && error.code === 'passkey.refused') return false;
      throw error;
    }
  },
  incorrect: 'passkey.refused',
};

/** One entry per method of core's list (each with its own kind of proof). */
export const secondFactorMethodEntries = { totp, recovery, passkey } as const satisfies Readonly<
  Record<SecondFactorMethod, Pick<SecondFactorMethodEntry, 'id' | 'enrolled'>>
>;

/** The methods the account can confirm a sign-in with, in core's order; empty when it has none. */
export const enrolledMethods = async (hub: Hub, accountId: string): Promise<SecondFactorMethod[]> => {
  const facts = enrolmentFacts(hub, accountId, await hub.secondFactors.find(accountId));
  const methods: SecondFactorMethod[] = [];
  for (const id of secondFactorMethods)
    if (await secondFactorMethodEntries[id].enrolled(facts)) methods.push(id);
  return methods;
};
