import {
  type AccountCheck,
  checkAccountInput,
  formatAccountForDisplay,
  loginRefusal,
  type MessageScreen,
  type Platform,
} from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { SignInAttempt } from '../services/stuffing.js';
import type { AccountRow } from '../storage/accounts.js';

/** An account input that passed its screen's format check. */
export type TypedAccount = Extract<AccountCheck, { ok: true }>;

/** What a first step's look-up answers: the account if there is one, and whether it is on a platform when asked. */
export interface LookedUp<A> {
  account: A | undefined;
  onPlatform?: boolean;
}

/** What a flow's first step asks of the account its screen names. */
export interface IdentifyRules<A extends { id: string }, K extends keyof A, T> {
  /** Runs once the look-up is counted and before the input is read (a tool login's tool, spec §2). */
  before?: () => Promise<T>;
  /** The screen's format check; the spec's §5 check unless the screen has its own. */
  checkInput?: (input: string) => AccountCheck;
  /**
   * The account of the typed identifier: the whole row (`wholeAccount`), or login's look-up, which
   * reads only what step 1 decides on and whether the account is on the requested platform.
   */
  find: (check: TypedAccount) => Promise<LookedUp<A> | undefined>;
  /** What the account must have to go on: a password for a password step, an email for a code. */
  requires: K;
  /**
   * The screen whose wording the errors take (the reset screen says 'Account does not exist.'); the
   * code is the same on every screen.
   */
  screen?: MessageScreen;
  /**
   * A sign-in attempt (login, switching, linking): counted and, when the risk calls for it, made to
   * carry a solved challenge (docs/security.md "Credential stuffing"), before the answer says
   * whether the account exists.
   */
  attempt?: SignInAttempt;
  /** Throws the spec's refusal (§6, §8) of the account found, on the account field. */
  refuse?: (account: A) => void | Promise<void>;
}

/** The whole account of the typed identifier (switching, linking, reset). */
export const wholeAccount =
  (hub: Hub) =>
  async (check: TypedAccount): Promise<LookedUp<AccountRow>> => ({
    account: await hub.accounts.findByIdentifier(check.kind, check.value),
  });

/**
 * The identify step of login, switching, linking and reset (spec §4, §7), in the spec's order:
 * the client's look-up limit (docs/security.md "Throttles"), the input's format, the account by its
 * kind, then the refusals. Every error is answered on the account field.
 */
export const identifyAccount = async <A extends { id: string }, K extends keyof A, T = undefined>(
  hub: Hub,
  ip: string,
  input: string,
  rules: IdentifyRules<A, K, T>,
): Promise<{
  check: TypedAccount;
  account: A & Record<K, NonNullable<A[K]>>;
  before: T | undefined;
  onPlatform: boolean | undefined;
}> => {
  await hub.throttle.consume('lookupPerIp', ip);
  const before = await rules.before?.();
  const check = (rules.checkInput ?? checkAccountInput)(input);
  const screen = rules.screen ? { screen: rules.screen } : {};
  if (!check.ok) throw new HubError(check.code, { field: 'account', ...screen });
  const found = await rules.find(check);
  const account = found?.account;
  if (rules.attempt) {
    const accountKey = account?.id ?? `typed:${check.kind}:${check.value}`;
    await hub.signInGuard.check(rules.attempt, { accountKey, accountId: account?.id });
  }
  if (!account?.[rules.requires]) throw new HubError('account.not_found', { field: 'account', ...screen });
  await rules.refuse?.(account);
  return {
    check,
    account: account as A & Record<K, NonNullable<A[K]>>,
    before,
    onPlatform: found?.onPlatform,
  };
};

/**
 * Login's and switching option1's refusals of an account with a password, under the login rules
 * of the platform.
 */
export const refuseSignIn =
  (platform: Platform) => (account: Pick<AccountRow, 'user_type' | 'sign_in_locked_at'>) => {
    // An account an operator locked (docs/console.md) is refused before its password is asked for.
    if (account.sign_in_locked_at) throw new HubError('account.locked', { field: 'account' });
    const refusal = loginRefusal(account.user_type, platform);
    if (refusal) throw new HubError(refusal, { field: 'account' });
  };

/** How the next screen shows the account the user typed (spec §2: a mobile number with +63). */
export const typedAccountView = (check: TypedAccount) => ({
  kind: check.kind,
  display: formatAccountForDisplay(check.value, check.kind),
});
