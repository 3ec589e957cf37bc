import type { Language, PasskeyView, Platform } from '@hub/core';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../config.js';
import { HubError } from '../errors.js';
import { checkAccountPassword } from '../flows/password-check.js';
import type { Hub } from '../hub.js';
import { queueFactorNotice } from '../mail/security-notice.js';
import { policy } from '../policy.js';
import { type ClientOrigin, type RequestOrigin, recordAudit } from '../services/audit.js';
import { countSignInMethods, signInMethodsOf } from '../services/sign-in-methods.js';
import { randomToken, sameHash } from '../services/tokens.js';
import type { AccountRow } from '../storage/accounts.js';
import { createPasskeyQueries, type PasskeyChallengeRow, type PasskeyRow } from '../storage/passkeys.js';

/**
 * Passkeys (docs/passkeys.md): WebAuthn credentials a person registers on their account, used as
 * the first factor on the login screen (no password; the authenticator's user verification makes
 * it two factors) or as a second factor after a password. @simplewebauthn/server makes the options
 * and verifies every answer; this module keeps the challenges (single use, short-lived, bound),
 * the credentials and their counters, and the hub's rules around them.
 */

/** The hub's relying party: its ID is PUBLIC_URL's host, its one origin PUBLIC_URL's origin. */
export const relyingParty = (config: Pick<Config, 'publicUrl'>) => {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Account Hub' };
};

/** How many passkeys one account may hold. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

/** The amr values (RFC 8176) of a passkey sign-in: a hardware-bound key, verified user, two factors. */
export const PASSKEY_AMR = ['hwk', 'user', 'mfa'] as const;

const queriesByHub = new WeakMap<Hub, ReturnType<typeof createPasskeyQueries>>();
/** The passkey queries on the hub's database (made once per hub). */
export const passkeyQueries = (hub: Hub) => {
  let queries = queriesByHub.get(hub);
  if (!queries) {
    queries = createPasskeyQueries(hub.db);
    queriesByHub.set(hub, queries);
  }
  return queries;
};

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
/** The WebAuthn user handle of an account: its id's bytes (no personal data). */
const userHandleOf = (accountId: string) => new TextEncoder().encode(accountId);

const parseTransports = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
};

export const passkeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  synced: row.device_type === 'multiDevice',
});

/**
 * How many second factors other than passkeys the account has: a confirmed authenticator app.
 * Recovery codes do not count (they only stand in for a second factor, and go with the last one).
 * Read from the row itself, not mfa/methods.ts (which counts passkeys through this module).
 */
const otherSecondFactors = async (hub: Hub, accountId: string): Promise<number> => {
  const row = await hub.secondFactors.find(accountId);
  return row?.totp_secret && row.totp_confirmed_at !== null ? 1 : 0;
};

/** Whether removing one passkey now would remove the account's last second factor that a password guards. */
const removalNeedsPassword = async (hub: Hub, account: AccountRow, passkeys: number) =>
  Boolean(account.password_hash) && passkeys <= 1 && (await otherSecondFactors(hub, account.id)) === 0;

// ---- Challenges ------------------------------------------------------------------------------

type ChallengePurpose = 'registration' | 'sign_in' | 'second_factor';

export const newChallenge = async (
  hub: Hub,
  input: {
    purpose: ChallengePurpose;
    challenge: string;
    binding: string;
    accountId?: string;
    flowId?: string;
    platform?: Platform;
    context?: Record<string, unknown>;
    ttlMs: number;
  },
) => {
  const now = hub.now();
  const row: PasskeyChallengeRow = {
    id: randomToken(24),
    purpose: input.purpose,
    challenge: input.challenge,
    binding_hash: input.binding,
    account_id: input.accountId ?? null,
    flow_id: input.flowId ?? null,
    platform: input.platform ?? null,
    context: JSON.stringify(input.context ?? {}),
    expires_at: now + input.ttlMs,
    created_at: now,
  };
  await passkeyQueries(hub).insertChallenge(row);
  return row;
};

/**
 * Takes the challenge a request names, once: it is gone afterwards whether the answer is good or
 * not, so no answer can be replayed. Not this purpose's, not this browser's: 'not found'; past its
 * time: 'expired'.
 */
export const takeChallenge = async (
  hub: Hub,
  id: string,
  purpose: ChallengePurpose,
  binding: string,
): Promise<PasskeyChallengeRow> => {
  const row = await passkeyQueries(hub).takeChallenge(id);
  if (!row || row.purpose !== purpose || !sameHash(row.binding_hash, binding))
    throw new HubError('flow.not_found');
  if (row.expires_at <= hub.now()) throw new HubError('flow.expired');
  return row;
};

// ---- Assertions (sign-in, second factor) -----------------------------------------------------

/** Why an answer was refused, for the audit (never the answer itself). */
const reasonOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : '';
  if (/counter/i.test(message)) return 'counter';
  if (/origin/i.test(message)) return 'origin';
  if (/RP ID/i.test(message)) return 'rp_id';
  if (/challenge/i.test(message)) return 'challenge';
  if (/user verif/i.test(message)) return 'user_verification';
  return 'invalid';
};

const refuse = async (
  hub: Hub,
  input: { from: RequestOrigin | null; accountId: string | null; purpose: ChallengePurpose; reason: string },
): Promise<never> => {
  await recordAudit(
    hub.db,
    {
      event: 'passkey.failure',
      outcome: 'failure',
      accountId: input.accountId,
      from: input.from,
      detail: { purpose: input.purpose, reason: input.reason },
    },
    hub.now(),
  );
  throw new HubError('passkey.refused');
};

/**
 * Checks an authenticator's answer to a challenge taken from storage: the credential must be
 * registered (and, when `accountId` is given, that account's), the signature, origin, RP ID and
 * challenge right, and the counter must move forward (a counter going back is a cloned
 * authenticator: refused). The new counter is recorded by compare-and-swap, so two answers racing
 * with one counter value are not both accepted.
 */
export const checkAssertion = async (
  hub: Hub,
  input: {
    challenge: PasskeyChallengeRow;
    response: AuthenticationResponseJSON;
    accountId?: string | undefined;
    requireUserVerification: boolean;
    from: RequestOrigin | null;
  },
): Promise<{ passkey: PasskeyRow; userVerified: boolean }> => {
  const purpose = input.challenge.purpose as ChallengePurpose;
  const fail = (reason: string, accountId: string | null = input.accountId ?? null) =>
    refuse(hub, { from: input.from, accountId, purpose, reason });
  const passkey = await passkeyQueries(hub).findByCredentialId(input.response.id);
  if (!passkey) return fail('unknown_credential');
  if (input.accountId !== undefined && passkey.account_id !== input.accountId) {
    return fail('other_account');
  }
  const userHandle = input.response.response.userHandle;
  if (userHandle && userHandle !== toBase64url(userHandleOf(passkey.account_id))) {
    return fail('user_handle', passkey.account_id);
  }
  const { rpID, origin } = relyingParty(hub.config);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: fromBase64url(passkey.public_key),
        counter: passkey.counter,
        transports: parseTransports(passkey.transports),
      },
      requireUserVerification: input.requireUserVerification,
    });
  } catch (error) {
    return fail(reasonOf(error), passkey.account_id);
  }
  if (!verified.verified) return fail('signature', passkey.account_id);
  const info = verified.authenticationInfo;
  const recorded = await passkeyQueries(hub).recordUse(
    passkey.id,
    { counter: passkey.counter },
    { counter: info.newCounter, backedUp: info.credentialBackedUp, at: hub.now() },
  );
  if (!recorded) return fail('counter', passkey.account_id);
  return { passkey, userVerified: info.userVerified };
};

// ---- The second factor (what the generic second step calls) ---------------------------------

/** Whether the account has a passkey to offer as a second factor. */
export const hasPasskeys = async (hub: Hub, accountId: string): Promise<boolean> =>
  (await passkeyQueries(hub).countForAccount(accountId)) > 0;

/**
 * The options of a passkey as the second factor of `flowId` (a flow the caller has already loaded
 * for this browser and found waiting for a second factor of `accountId`): the account's passkeys
 * only. A newer call replaces the flow's older challenge.
 */
export const passkeyAssertionOptions = async (
  hub: Hub,
  input: { accountId: string; flowId: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const passkeys = await passkeyQueries(hub).forAccount(input.accountId);
  if (passkeys.length === 0) throw new HubError('passkey.refused');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(hub.config).rpID,
    allowCredentials: passkeys.map((p) => ({
      id: p.credential_id,
      transports: parseTransports(p.transports),
    })),
    userVerification: 'preferred',
    timeout: policy.passkeyChallengeTtlMs,
  });
  await passkeyQueries(hub).dropForFlow(input.flowId);
  await newChallenge(hub, {
    purpose: 'second_factor',
    challenge: options.challenge,
    // The flow itself is bound to the browser; its challenge is bound to the flow.
    binding: `flow:${input.flowId}`,
    accountId: input.accountId,
    flowId: input.flowId,
    ttlMs: policy.passkeyChallengeTtlMs,
  });
  return options;
};

/**
 * Checks a passkey answer as the second factor of `flowId` for `accountId` (the caller has loaded the
 * flow for this browser): the flow's newest challenge, taken once; the account's own passkey.
 * Throws HubError 'passkey.refused' (audited 'passkey.failure'), 'flow.not_found' when no challenge
 * waits, 'flow.expired' past its time. `response` is the AuthenticationResponseJSON the browser sent
 * (core's authenticationResponseSchema checks its outline).
 */
export const verifyPasskeyAssertion = async (
  hub: Hub,
  input: { accountId: string; flowId: string; response: AuthenticationResponseJSON; from?: RequestOrigin },
): Promise<{ passkeyId: string; userVerified: boolean }> => {
  const waiting = await passkeyQueries(hub).latestForFlow(input.flowId, input.accountId);
  if (!waiting) throw new HubError('flow.not_found');
  const challenge = await takeChallenge(hub, waiting.id, 'second_factor', `flow:${input.flowId}`);
  const { passkey, userVerified } = await checkAssertion(hub, {
    challenge,
    response: input.response,
    accountId: input.accountId,
    requireUserVerification: false,
    from: input.from ?? null,
  });
  return { passkeyId: passkey.id, userVerified };
};

// ---- A signed-in person's passkeys -----------------------------------------------------------

export const listPasskeys = async (hub: Hub, account: AccountRow) => {
  const rows = await passkeyQueries(hub).forAccount(account.id);
  return {
    passkeys: rows.map(passkeyView),
    removingLastNeedsPassword: await removalNeedsPassword(hub, account, 1),
  };
};

/** The options to add a passkey: discoverable (resident), any authenticator, none registered twice. */
export const registrationOptions = async (
  hub: Hub,
  input: { account: AccountRow; sessionId: string; from: ClientOrigin },
) => {
  await hub.throttle.consume('passkeyOptionsPerIp', input.from.ip);
  const { account } = input;
  const existing = await passkeyQueries(hub).forAccount(account.id);
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT)
    throw new HubError('passkey.limit_reached', { params: { limit: MAX_PASSKEYS_PER_ACCOUNT } });
  const { rpID, rpName } = relyingParty(hub.config);
  const label = account.email ?? account.username ?? account.mobile_num ?? account.id;
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: label,
    userDisplayName: label,
    userID: userHandleOf(account.id),
    attestationType: 'none',
    timeout: policy.passkeyChallengeTtlMs,
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: parseTransports(p.transports),
    })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    },
  });
  const challenge = await newChallenge(hub, {
    purpose: 'registration',
    challenge: options.challenge,
    binding: input.sessionId,
    accountId: account.id,
    ttlMs: policy.passkeyChallengeTtlMs,
  });
  return { challengeId: challenge.id, options: options as unknown as Record<string, unknown> };
};

/** Verifies a registration answer against its stored challenge and keeps the new passkey. */
export const registerPasskey = async (
  hub: Hub,
  input: {
    account: AccountRow;
    sessionId: string;
    from: ClientOrigin;
    /** The language of the person's notice (the browser that adds the passkey). */
    language: Language;
    challengeId: string;
    name: string;
    response: RegistrationResponseJSON;
  },
): Promise<PasskeyView> => {
  await hub.throttle.consume('passkeyPerIp', input.from.ip);
  const { account } = input;
  const challenge = await takeChallenge(hub, input.challengeId, 'registration', input.sessionId);
  if (challenge.account_id !== account.id) throw new HubError('flow.not_found');
  const { rpID, origin } = relyingParty(hub.config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    return refuse(hub, {
      from: input.from,
      accountId: account.id,
      purpose: 'registration',
      reason: reasonOf(error),
    });
  }
  if (!verified.verified) {
    return refuse(hub, {
      from: input.from,
      accountId: account.id,
      purpose: 'registration',
      reason: 'invalid',
    });
  }
  const info = verified.registrationInfo;
  const queries = passkeyQueries(hub);
  if (await queries.findByCredentialId(info.credential.id)) throw new HubError('passkey.already_registered');
  const now = hub.now();
  const row: PasskeyRow = {
    id: randomToken(16),
    credential_id: info.credential.id,
    account_id: account.id,
    public_key: toBase64url(info.credential.publicKey),
    counter: info.credential.counter,
    transports: JSON.stringify(info.credential.transports ?? []),
    device_type: info.credentialDeviceType,
    backed_up: info.credentialBackedUp ? 1 : 0,
    name: input.name,
    created_at: now,
    last_used_at: null,
  };
  const noticed = await hub.db.transaction().execute(async (trx) => {
    // The limit again, inside the write: two registrations at once cannot pass it together.
    if ((await queries.countForAccount(account.id, trx)) >= MAX_PASSKEYS_PER_ACCOUNT) {
      throw new HubError('passkey.limit_reached', { params: { limit: MAX_PASSKEYS_PER_ACCOUNT } });
    }
    await queries.insert(trx, row);
    await recordAudit(
      trx,
      {
        event: 'passkey.registered',
        outcome: 'success',
        accountId: account.id,
        from: input.from,
        detail: { passkey: row.id, synced: row.device_type === 'multiDevice' },
      },
      now,
    );
    const notice = { account, method: 'passkey', change: 'added', language: input.language } as const;
    return queueFactorNotice(hub, trx, notice, now);
  });
  if (noticed) hub.nudgeMail();
  return passkeyView(row);
};

export const renamePasskey = async (hub: Hub, input: { account: AccountRow; id: string; name: string }) => {
  if (!(await passkeyQueries(hub).rename(input.account.id, input.id, input.name))) {
    throw new HubError('not_found');
  }
  const row = await passkeyQueries(hub).findOwned(input.account.id, input.id);
  if (!row) throw new HubError('not_found');
  return passkeyView(row);
};

/**
 * Removes one of the account's passkeys. When it is the account's last second factor and the
 * account has a password, the password must come with the request (checked as a login checks it).
 */
export const removePasskey = async (
  hub: Hub,
  input: {
    account: AccountRow;
    id: string;
    password: string | undefined;
    from: ClientOrigin;
    language: Language;
  },
) => {
  const queries = passkeyQueries(hub);
  const { account } = input;
  if (!(await queries.findOwned(account.id, input.id))) throw new HubError('not_found');
  const count = await queries.countForAccount(account.id);
  if (await removalNeedsPassword(hub, account, count)) {
    if (!input.password) throw new HubError('password.required', { field: 'password' });
    await checkAccountPassword(hub, {
      accountId: account.id,
      password: input.password,
      from: input.from,
      failureEvent: 'passkey.failure',
    });
  }
  // The last passkey of an account without an authenticator app takes the recovery codes with it.
  const lastSecondFactor = count <= 1 && (await otherSecondFactors(hub, account.id)) === 0;
  const now = hub.now();
  const noticed = await hub.db.transaction().execute(async (trx) => {
    // A passkey signs in on its own: the last way an account signs in stays (the row locked, as an
    // unlink of Google or Facebook locks it).
    const { locked, identities, passkeys } = await signInMethodsOf(hub, account.id, trx);
    if (!locked) throw new HubError('session.required');
    const left = countSignInMethods({
      hasPassword: locked.password_hash !== null,
      identities: identities.length,
      passkeys: passkeys - 1,
    });
    if (left === 0) throw new HubError('account.last_sign_in_method');
    if (!(await queries.remove(trx, account.id, input.id))) throw new HubError('not_found');
    if (lastSecondFactor) await hub.secondFactors.replaceRecoveryCodes(trx, account.id, [], now);
    await recordAudit(
      trx,
      {
        event: 'passkey.removed',
        outcome: 'success',
        accountId: account.id,
        from: input.from,
        detail: { passkey: input.id },
      },
      now,
    );
    const notice = { account, method: 'passkey', change: 'removed', language: input.language } as const;
    return queueFactorNotice(hub, trx, notice, now);
  });
  if (noticed) hub.nudgeMail();
};
