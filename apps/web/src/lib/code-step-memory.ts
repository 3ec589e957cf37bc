import { type AccountView, CODE_TTL_SECONDS, type CodeSent } from '@hub/core';

/**
 * What a tab remembers of the code it was sent on a sign-up or reset screen (sessionStorage: this
 * tab only, gone with it), so that the code step has a URL of its own (`?step=code`): Back from it
 * returns to the account step, reload and Forward return to the code step, and asking again for
 * the same account while 'Resend code after N sec.' still counts goes back to the code already
 * sent instead of sending another (which would make the first one fail).
 * See docs/development.md "The code step's URL".
 */
export interface RememberedCode {
  flowId: string;
  account: AccountView;
  /** The account as typed (trimmed): shown again after a reload, compared case-insensitively. */
  input: string;
  /** When the code was sent and when 'Resend code' opens (ms since the epoch). */
  sentAt: number;
  resendAt: number;
}

/** The query parameter of the code step. */
export const CODE_STEP_PARAM = 'step';
export const CODE_STEP_VALUE = 'code';

const PREFIX = 'hub.codeStep:';

/** One memory per screen and its query (the platform, the entry, `from` and the rest), the step left out. */
export const memoryKey = (pathname: string, search: string): string => {
  const params = new URLSearchParams(search);
  params.delete(CODE_STEP_PARAM);
  params.sort();
  const query = params.toString();
  return `${PREFIX}${pathname}${query ? `?${query}` : ''}`;
};

export const normalizedInput = (input: string): string => input.trim().toLowerCase();

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the code step then works as before, without a URL of its own.
    return undefined;
  }
};

const isRemembered = (value: unknown): value is RememberedCode => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const account = v.account as Record<string, unknown> | undefined;
  return (
    typeof v.flowId === 'string' &&
    typeof v.input === 'string' &&
    typeof v.sentAt === 'number' &&
    typeof v.resendAt === 'number' &&
    !!account &&
    typeof account.kind === 'string' &&
    typeof account.display === 'string'
  );
};

/** The code remembered under `key`, unless it has expired (codes live CODE_TTL_SECONDS) or is unreadable. */
export const recallCode = (key: string, now: number): RememberedCode | undefined => {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (!isRemembered(value) || now - value.sentAt >= CODE_TTL_SECONDS * 1000) {
    forgetCode(key);
    return undefined;
  }
  return value;
};

export const rememberCode = (key: string, sent: CodeSent, input: string, now: number): RememberedCode => {
  const remembered: RememberedCode = {
    flowId: sent.flowId,
    account: sent.account,
    input: input.trim(),
    sentAt: now,
    resendAt: now + sent.resendAfter * 1000,
  };
  try {
    storage()?.setItem(key, JSON.stringify(remembered));
  } catch {
    // Full or refused: the step still works, only reload will not return to it.
  }
  return remembered;
};

export const forgetCode = (key: string): void => {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
};

/** The code step as the screen shows it again: the countdown goes on from where it was. */
export const codeSentFrom = (remembered: RememberedCode, now: number): CodeSent => ({
  next: 'code',
  flowId: remembered.flowId,
  account: remembered.account,
  resendAfter: Math.max(0, Math.ceil((remembered.resendAt - now) / 1000)),
});

/** Asking again for the same account while the countdown runs: go back to that code, send none. */
export const stillCounting = (remembered: RememberedCode | undefined, input: string, now: number): boolean =>
  remembered !== undefined &&
  normalizedInput(remembered.input) === normalizedInput(input) &&
  remembered.resendAt > now;
