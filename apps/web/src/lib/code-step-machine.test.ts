import { type ApiError, CODE_LENGTH, toApiError } from '@hub/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CodePhase,
  type CodeStepEvent,
  type CodeStepState,
  canResend,
  canVerify,
  codeStepReducer,
  emptyBoxes,
  initialCodeStep,
  isChecking,
  msUntilNextTick,
  startCountdown,
  tickCountdown,
} from './code-step-machine';

const T0 = 1_700_000_000_000;
const full = ['1', '2', '3', '4', '5', '6'];
const partial = ['1', '2', '3', '', '', ''];
const incorrect = toApiError('code.incorrect', { field: 'code' });
const expired = toApiError('code.expired');
const tooMany = toApiError('code.too_many_attempts');
const network = toApiError('network.unreachable');
const flowGone = toApiError('flow.expired');

/** A state in `phase` with the countdown over, so resend is only limited by the phase. */
const at = (phase: CodePhase, extra: Partial<CodeStepState> = {}): CodeStepState => ({
  ...initialCodeStep(0, T0),
  boxes: phase === 'entering' || phase === 'held' ? partial : full,
  phase,
  ...extra,
});

interface TransitionCase {
  name: string;
  from: CodeStepState;
  event: CodeStepEvent;
  expect: Partial<CodeStepState> | 'unchanged';
}

/** A case where the reducer must return the very same state: the event does not apply there. */
const ignored = (name: string, from: CodeStepState, event: CodeStepEvent): TransitionCase => ({
  name,
  from,
  event,
  expect: 'unchanged',
});

describe('code step: each transition', () => {
  const cases: TransitionCase[] = [
    // Typing
    {
      name: 'typing while entering keeps the phase',
      from: at('entering'),
      event: { type: 'boxes_changed', boxes: full },
      expect: { boxes: full, phase: 'entering' },
    },
    {
      name: 'typing clears a held error (each keystroke resets it)',
      from: at('held', {
        status: { tone: 'error', error: toApiError('request.invalid', { field: 'code' }) },
      }),
      event: { type: 'boxes_changed', boxes: full },
      expect: { boxes: full, phase: 'entering', status: { tone: 'prompt', prompt: 'enter' } },
    },
    ...(['verifying', 'verified', 'incorrect', 'locked'] as const).map((phase) => ({
      name: `the boxes are read-only while ${phase}`,
      from: at(phase),
      event: { type: 'boxes_changed', boxes: partial } as const,
      expect: 'unchanged' as const,
    })),
    // Verifying
    {
      name: 'a full code starts the check',
      from: at('entering', { boxes: full }),
      event: { type: 'verify_started' },
      expect: { phase: 'verifying' },
    },
    ignored('a partial code is not checked', at('entering'), { type: 'verify_started' }),
    ignored('a held code is not sent again until it changes', at('held', { boxes: full }), {
      type: 'verify_started',
    }),
    {
      name: 'a right code is verified',
      from: at('verifying'),
      event: { type: 'verify_succeeded' },
      expect: { phase: 'verified', status: { tone: 'success' } },
    },
    {
      name: 'a wrong code shows its error for a while',
      from: at('verifying'),
      event: { type: 'verify_failed', error: incorrect },
      expect: { phase: 'incorrect', status: { tone: 'error', error: incorrect } },
    },
    ...[expired, tooMany].map((error) => ({
      name: `${error.code} locks the code and ends the countdown`,
      from: at('verifying', { countdown: startCountdown(300, T0) }),
      event: { type: 'verify_failed', error } as const,
      expect: {
        phase: 'locked',
        status: { tone: 'error', error },
        countdown: { deadline: 0, remaining: 0 },
      } as const,
    })),
    {
      name: 'an error the server tied to the code field holds the code, shown under the boxes',
      from: at('verifying'),
      event: { type: 'verify_failed', error: toApiError('request.invalid', { field: 'code' }) },
      expect: {
        phase: 'held',
        status: { tone: 'error', error: toApiError('request.invalid', { field: 'code' }) },
      },
    },
    {
      name: 'a failure that is not about the code holds it and leaves the prompt (the banner tells)',
      from: at('verifying'),
      event: { type: 'verify_failed', error: network },
      expect: { phase: 'held', status: { tone: 'prompt', prompt: 'enter' } },
    },
    ignored('a late verdict after the step started over is ignored', at('entering'), {
      type: 'verify_succeeded',
    }),
    ignored('a late failure after the step started over is ignored', at('entering'), {
      type: 'verify_failed',
      error: incorrect,
    }),
    // After the verdict
    {
      name: 'after the incorrect message: empty boxes, the re-enter prompt and focus',
      from: at('incorrect', { status: { tone: 'error', error: incorrect } }),
      event: { type: 'incorrect_shown' },
      expect: {
        boxes: emptyBoxes(),
        phase: 'entering',
        status: { tone: 'prompt', prompt: 'reenter' },
        focusRequest: 1,
      },
    },
    ignored('the incorrect timer does nothing in another phase', at('verified'), { type: 'incorrect_shown' }),
    {
      name: "the banner's 'Try again' lets the held code be checked again",
      from: at('held', { boxes: full }),
      event: { type: 'retry' },
      expect: { phase: 'entering', boxes: full },
    },
    ignored("'Try again' does nothing once the code is verified", at('verified'), { type: 'retry' }),
    // Resend
    ...(['entering', 'held', 'incorrect', 'locked'] as const).map((phase) => ({
      name: `resend starts when the countdown is over (${phase})`,
      from: at(phase),
      event: { type: 'resend_started' } as const,
      expect: { sending: true, resendNote: 'sending' } as const,
    })),
    ...(['verifying', 'verified'] as const).map((phase) => ({
      name: `no resend while ${phase}`,
      from: at(phase),
      event: { type: 'resend_started' } as const,
      expect: 'unchanged' as const,
    })),
    ignored('no resend before the countdown is over', at('entering', { countdown: startCountdown(1, T0) }), {
      type: 'resend_started',
    }),
    ignored(
      'no second resend while one is sending',
      at('entering', { sending: true, resendNote: 'sending' }),
      { type: 'resend_started' },
    ),
    {
      name: 'a new code: the countdown starts again and the step starts over',
      from: at('locked', { sending: true, resendNote: 'sending', status: { tone: 'error', error: expired } }),
      event: { type: 'resend_succeeded', resendAfter: 360, now: T0 },
      expect: {
        sending: false,
        resendNote: 'sent',
        countdown: { deadline: T0 + 360_000, remaining: 360 },
        boxes: emptyBoxes(),
        phase: 'entering',
        status: { tone: 'prompt', prompt: 'enter' },
        focusRequest: 1,
      },
    },
    {
      name: 'a refused resend waits for the server’s Retry-After',
      from: at('entering', { sending: true, resendNote: 'sending' }),
      event: { type: 'resend_failed', retryAfter: 30, now: T0 },
      expect: { sending: false, resendNote: 'none', countdown: { deadline: T0 + 30_000, remaining: 30 } },
    },
    {
      name: 'a failed resend without Retry-After leaves resend available',
      from: at('entering', { sending: true, resendNote: 'sending' }),
      event: { type: 'resend_failed', now: T0 },
      expect: { sending: false, resendNote: 'none', countdown: { deadline: 0, remaining: 0 } },
    },
    ignored('a resend answer when nothing is sending is ignored', at('entering'), {
      type: 'resend_succeeded',
      resendAfter: 360,
      now: T0,
    }),
    // Countdown
    {
      name: 'a tick shows the whole seconds left, rounded up',
      from: at('entering', { countdown: startCountdown(360, T0) }),
      event: { type: 'tick', now: T0 + 1_500 },
      expect: { countdown: { deadline: T0 + 360_000, remaining: 359 } },
    },
    ignored(
      'a tick within the same second changes nothing',
      at('entering', { countdown: startCountdown(360, T0) }),
      { type: 'tick', now: T0 + 999 },
    ),
    {
      name: 'a tick after the deadline (a throttled tab waking) shows 0',
      from: at('entering', { countdown: startCountdown(360, T0) }),
      event: { type: 'tick', now: T0 + 3_600_000 },
      expect: { countdown: { deadline: T0 + 360_000, remaining: 0 } },
    },
  ];

  it.each(cases)('$name', ({ from, event, expect: expected }) => {
    const next = codeStepReducer(from, event);
    if (expected === 'unchanged') expect(next).toBe(from);
    else expect(next).toEqual({ ...from, ...expected });
  });
});

describe('code step: derived flags', () => {
  it('starts entering, with the prompt, the countdown from resendAfter and nothing sending', () => {
    expect(initialCodeStep(360, T0)).toEqual({
      boxes: ['', '', '', '', '', ''],
      phase: 'entering',
      status: { tone: 'prompt', prompt: 'enter' },
      sending: false,
      resendNote: 'none',
      countdown: { deadline: T0 + 360_000, remaining: 360 },
      focusRequest: 0,
    });
  });

  it('checks (and spins) from the last digit until the verdict', () => {
    expect(
      [at('entering'), at('entering', { boxes: full }), at('verifying'), at('incorrect')].map(isChecking),
    ).toEqual([false, true, true, false]);
  });

  it('wakes exactly when the shown number changes', () => {
    expect(msUntilNextTick(T0 + 360_000, T0)).toBe(1_000);
    expect(msUntilNextTick(T0 + 1_500, T0)).toBe(500);
    expect(msUntilNextTick(T0, T0)).toBeNull();
    expect(msUntilNextTick(T0, T0 + 5_000)).toBeNull();
  });

  it('treats 0, negative and non-numbers as no countdown', () => {
    for (const seconds of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(startCountdown(seconds, T0)).toEqual({ deadline: 0, remaining: 0 });
  });
});

// Property tests: random event sequences against the rules that must always hold.

const digitBoxes = fc.array(fc.oneof(fc.constant(''), fc.constantFrom(...'0123456789')), {
  minLength: CODE_LENGTH,
  maxLength: CODE_LENGTH,
});
const anyError: fc.Arbitrary<ApiError> = fc.constantFrom(
  incorrect,
  expired,
  tooMany,
  network,
  flowGone,
  toApiError('request.invalid', { field: 'code' }),
  toApiError('service.overloaded', { retryAfter: 30 }),
);
/** Events with a relative time step; `now` is filled in as a clock that only moves forward. */
const anyEvent: fc.Arbitrary<{ event: CodeStepEvent; advanceMs: number }> = fc.record({
  advanceMs: fc.integer({ min: 0, max: 400_000 }),
  event: fc.oneof(
    digitBoxes.map((boxes): CodeStepEvent => ({ type: 'boxes_changed', boxes })),
    fc.constant<CodeStepEvent>({ type: 'boxes_changed', boxes: full }),
    fc.constant<CodeStepEvent>({ type: 'verify_started' }),
    fc.constant<CodeStepEvent>({ type: 'verify_succeeded' }),
    anyError.map((error): CodeStepEvent => ({ type: 'verify_failed', error })),
    fc.constant<CodeStepEvent>({ type: 'incorrect_shown' }),
    fc.constant<CodeStepEvent>({ type: 'retry' }),
    fc.constant<CodeStepEvent>({ type: 'resend_started' }),
    fc
      .integer({ min: 0, max: 600 })
      .map((resendAfter): CodeStepEvent => ({ type: 'resend_succeeded', resendAfter, now: 0 })),
    fc
      .option(fc.integer({ min: 1, max: 600 }), { nil: undefined })
      .map((retryAfter): CodeStepEvent => ({ type: 'resend_failed', retryAfter, now: 0 })),
    fc.constant<CodeStepEvent>({ type: 'tick', now: 0 }),
  ),
});

/** Runs the events on a forward-moving clock; calls `check` after each with the clock. */
const run = (
  resendAfter: number,
  steps: Array<{ event: CodeStepEvent; advanceMs: number }>,
  check: (before: CodeStepState, event: CodeStepEvent, after: CodeStepState, now: number) => void,
) => {
  let now = T0;
  let state = initialCodeStep(resendAfter, now);
  for (const { event, advanceMs } of steps) {
    now += advanceMs;
    const timed = 'now' in event ? { ...event, now } : event;
    const next = codeStepReducer(state, timed);
    check(state, timed, next, now);
    state = next;
  }
  return state;
};

const phasesWithBoxesFull: readonly CodePhase[] = ['verifying', 'verified', 'incorrect'];

describe('code step: properties', () => {
  it('any sequence of events leaves a consistent state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(anyEvent, { maxLength: 60 }),
        (resendAfter, steps) => {
          run(resendAfter, steps, (_before, _event, s) => {
            expect(s.boxes).toHaveLength(CODE_LENGTH);
            for (const box of s.boxes) expect(box === '' || /^[0-9]$/.test(box)).toBe(true);
            // The success shows exactly when the code is verified.
            expect(s.phase === 'verified').toBe(s.status.tone === 'success');
            // A code is only checked, verified or found wrong when it was complete.
            if (phasesWithBoxesFull.includes(s.phase)) expect(s.boxes.join('')).toMatch(/^[0-9]{6}$/);
            if (s.phase === 'incorrect') expect(s.status).toEqual({ tone: 'error', error: incorrect });
            if (s.phase === 'locked') expect(s.status.tone).toBe('error');
            expect(s.sending).toBe(s.resendNote === 'sending');
            expect(s.focusRequest).toBeGreaterThanOrEqual(0);
          });
        },
      ),
    );
  });

  it('the countdown never goes below 0, counts whole seconds, and resend is enabled exactly at 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(anyEvent, { maxLength: 60 }),
        (resendAfter, steps) => {
          run(resendAfter, steps, (_before, event, s, now) => {
            const { remaining, deadline } = s.countdown;
            expect(Number.isInteger(remaining)).toBe(true);
            expect(remaining).toBeGreaterThanOrEqual(0);
            // Right after a tick the number shown is the whole seconds left to the deadline.
            if (event.type === 'tick' && deadline !== 0)
              expect(remaining).toBe(Math.ceil(Math.max(0, deadline - now) / 1000));
            const idle = !s.sending && s.phase !== 'verifying' && s.phase !== 'verified';
            expect(canResend(s)).toBe(idle && remaining === 0);
          });
        },
      ),
    );
  });

  it('ticking never raises the number shown, and reaches 0 at the deadline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 200 }),
        (seconds, gaps) => {
          let countdown = startCountdown(seconds, T0);
          let now = T0;
          for (const gap of gaps) {
            now += gap;
            const next = tickCountdown(countdown, now);
            expect(next.remaining).toBeLessThanOrEqual(countdown.remaining);
            countdown = next;
          }
          expect(tickCountdown(countdown, countdown.deadline).remaining).toBe(0);
          expect(tickCountdown(countdown, countdown.deadline - 1).remaining).toBe(1);
        },
      ),
    );
  });

  it('an event the state does not accept returns the very same state', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40 }), (steps) => {
        run(360, steps, (before, event, after) => {
          if (after === before) return;
          // Something changed: the event must be one this phase takes.
          if (event.type === 'verify_started') expect(canVerify(before)).toBe(true);
          if (event.type === 'resend_started') expect(canResend(before)).toBe(true);
          if (event.type === 'verify_succeeded' || event.type === 'verify_failed')
            expect(before.phase).toBe('verifying');
          if (event.type === 'incorrect_shown') expect(before.phase).toBe('incorrect');
          if (event.type === 'resend_succeeded' || event.type === 'resend_failed')
            expect(before.sending).toBe(true);
        });
      }),
    );
  });
});
