import { type ApiError, CODE_LENGTH, isCompleteCode } from '@hub/core';

/**
 * The code step (sign-up, reset, work-account invitation) as a pure state machine: the hook
 * use-code-verification runs the timers and API calls and feeds their outcomes in as events.
 * Nothing here renders text: the status and the resend note say what happened, and the hook
 * picks the words.
 *
 * Phases. entering: the boxes take digits. verifying: the full code is being checked.
 * verified: 'Code has been verified', then the redirect. incorrect: the 2 s before 'Re-enter…'.
 * held: an error is shown; the code is not sent again until it changes. locked: the code is
 * used up (expired or too many attempts); only a new code helps.
 */
export type CodePhase = 'entering' | 'verifying' | 'verified' | 'incorrect' | 'held' | 'locked';
export type StatusTone = 'prompt' | 'error' | 'success';

/** The line under the boxes: a prompt, the success, or the error the server gave for the code. */
export type CodeStatus =
  | { tone: 'prompt'; prompt: 'enter' | 'reenter' }
  | { tone: 'success' }
  | { tone: 'error'; error: ApiError };

/** What screen readers are told about a resend: nothing, that it is under way, that it worked. */
export type ResendNote = 'none' | 'sending' | 'sent';

/**
 * The resend countdown. It counts against a deadline (epoch ms, 0 when none), so a throttled
 * background tab shows the right number when it wakes; `remaining` is the whole seconds shown.
 */
export interface Countdown {
  deadline: number;
  remaining: number;
}

export interface CodeStepState {
  /** One digit or '' per box. */
  boxes: string[];
  phase: CodePhase;
  status: CodeStatus;
  /** A new code is being requested. */
  sending: boolean;
  resendNote: ResendNote;
  countdown: Countdown;
  /** Grows each time the step starts over; the screen then puts focus in the first box. */
  focusRequest: number;
}

export type CodeStepEvent =
  | { type: 'boxes_changed'; boxes: string[] }
  | { type: 'verify_started' }
  | { type: 'verify_succeeded' }
  | { type: 'verify_failed'; error: ApiError }
  /** The 2 s of 'Verification code is incorrect' are over. */
  | { type: 'incorrect_shown' }
  /** 'Try again' on a banner raised by the verify call. */
  | { type: 'retry' }
  | { type: 'resend_started' }
  | { type: 'resend_succeeded'; resendAfter: number; now: number }
  | { type: 'resend_failed'; retryAfter?: number | undefined; now: number }
  | { type: 'tick'; now: number };

/** Errors after which this code can never pass: the screen points to 'Resend code'. */
const lockingCodes: readonly string[] = ['code.expired', 'code.too_many_attempts'];

export const emptyBoxes = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

const enterPrompt: CodeStatus = { tone: 'prompt', prompt: 'enter' };

/** A countdown from `seconds` at `now`; 0 (or less, or not a number) ends it at once. */
export const startCountdown = (seconds: number, now: number): Countdown =>
  Number.isFinite(seconds) && seconds > 0
    ? { deadline: now + seconds * 1000, remaining: Math.ceil(seconds) }
    : { deadline: 0, remaining: 0 };

/** The countdown at `now` (the same object when the shown number has not changed). */
export const tickCountdown = (countdown: Countdown, now: number): Countdown => {
  if (countdown.deadline === 0) return countdown;
  const remaining = Math.ceil(Math.max(0, countdown.deadline - now) / 1000);
  return remaining === countdown.remaining ? countdown : { ...countdown, remaining };
};

/** Milliseconds from `now` until the shown number next changes; null once it has reached 0. */
export const msUntilNextTick = (deadline: number, now: number): number | null => {
  const left = Math.max(0, deadline - now);
  const seconds = Math.ceil(left / 1000);
  return seconds > 0 ? left - (seconds - 1) * 1000 : null;
};

export const initialCodeStep = (resendAfter: number, now: number): CodeStepState => ({
  boxes: emptyBoxes(),
  phase: 'entering',
  status: enterPrompt,
  sending: false,
  resendNote: 'none',
  countdown: startCountdown(resendAfter, now),
  focusRequest: 0,
});

export const codeOf = (state: CodeStepState): string => state.boxes.join('');

/** The boxes take input (otherwise they keep focus but are read-only). */
export const boxesEditable = (state: CodeStepState): boolean =>
  state.phase === 'entering' || state.phase === 'held';

/** A full code waits to be checked. */
export const canVerify = (state: CodeStepState): boolean =>
  state.phase === 'entering' && isCompleteCode(codeOf(state));

/** The loading animation shows from the last digit until the verdict (the 1 s wait included). */
export const isChecking = (state: CodeStepState): boolean => state.phase === 'verifying' || canVerify(state);

/** 'Resend code' works: the countdown is over, nothing is being sent and the code is not in use. */
export const canResend = (state: CodeStepState): boolean =>
  !state.sending &&
  state.countdown.remaining === 0 &&
  state.phase !== 'verifying' &&
  state.phase !== 'verified';

/** Errors about the code itself go in the line under the boxes; any other goes to the banner. */
export const isCodeStatusError = (error: ApiError): boolean =>
  error.field === 'code' || error.code.startsWith('code.');

/** Empty boxes, the given prompt, and focus back in the first box. */
const startOver = (state: CodeStepState, prompt: 'enter' | 'reenter'): CodeStepState => ({
  ...state,
  boxes: emptyBoxes(),
  phase: 'entering',
  status: { tone: 'prompt', prompt },
  focusRequest: state.focusRequest + 1,
});

/**
 * Spec §2, §4, §5 code step. An event that does not fit the current state (a late answer, a
 * second click) leaves the state as it is, the very same object.
 */
export const codeStepReducer = (state: CodeStepState, event: CodeStepEvent): CodeStepState => {
  switch (event.type) {
    case 'boxes_changed':
      if (!boxesEditable(state)) return state;
      // Each keystroke clears a held error (spec §5).
      return state.phase === 'held'
        ? { ...state, boxes: event.boxes, phase: 'entering', status: enterPrompt }
        : { ...state, boxes: event.boxes };
    case 'verify_started':
      return canVerify(state) ? { ...state, phase: 'verifying' } : state;
    case 'verify_succeeded':
      return state.phase === 'verifying'
        ? { ...state, phase: 'verified', status: { tone: 'success' } }
        : state;
    case 'verify_failed': {
      if (state.phase !== 'verifying') return state;
      const { error } = event;
      const status: CodeStatus = isCodeStatusError(error) ? { tone: 'error', error } : state.status;
      if (error.code === 'code.incorrect') return { ...state, phase: 'incorrect', status };
      if (lockingCodes.includes(error.code))
        return { ...state, phase: 'locked', status, countdown: startCountdown(0, 0) };
      return { ...state, phase: 'held', status };
    }
    case 'incorrect_shown':
      return state.phase === 'incorrect' ? startOver(state, 'reenter') : state;
    case 'retry':
      return state.phase === 'held' ? { ...state, phase: 'entering' } : state;
    case 'resend_started':
      return canResend(state) ? { ...state, sending: true, resendNote: 'sending' } : state;
    case 'resend_succeeded':
      if (!state.sending) return state;
      return startOver(
        {
          ...state,
          sending: false,
          resendNote: 'sent',
          countdown: startCountdown(event.resendAfter, event.now),
        },
        'enter',
      );
    case 'resend_failed':
      if (!state.sending) return state;
      return {
        ...state,
        sending: false,
        resendNote: 'none',
        countdown: event.retryAfter ? startCountdown(event.retryAfter, event.now) : state.countdown,
      };
    case 'tick': {
      const countdown = tickCountdown(state.countdown, event.now);
      return countdown === state.countdown ? state : { ...state, countdown };
    }
  }
};
