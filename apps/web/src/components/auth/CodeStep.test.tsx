import { toApiError } from '@hub/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CodeApi, RedirectAnswer } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { CodeStep } from './CodeStep';

/** A code API that answers from the given lists and records what it was asked. */
const fakeApi = (
  verdicts: Array<ApiResult<RedirectAnswer>>,
  resends: Array<ApiResult<{ resendAfter: number }>> = [],
) => {
  const calls = { verify: [] as string[], resend: 0 };
  const api: CodeApi = {
    verify: async (_flowId, code) => {
      calls.verify.push(code);
      const verdict = verdicts.shift();
      if (!verdict) throw new Error('no verdict left');
      return verdict;
    },
    resend: async () => {
      calls.resend += 1;
      const answer = resends.shift();
      if (!answer) throw new Error('no resend answer left');
      return answer as ApiResult<{ resendAfter: number }> as never;
    },
  };
  return { api, calls };
};

const refused = (code: 'code.incorrect' | 'code.expired') => ({
  ok: false as const,
  status: 400,
  error: toApiError(code, { field: 'code' }),
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const status = () => screen.getByTestId('code-status').textContent;
const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('CodeStep', () => {
  // The step's waits (1 s compare, 2 s error, 1.5 s redirect, the countdown) run on a fake clock.
  // Only the clock and timeouts are faked: React schedules its own work with setImmediate.
  // Testing Library waits for a 0 ms timeout after each action and advances fake timers for it
  // only when it sees Jest's, hence the small stand-in.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'jest');
    vi.useRealTimers();
  });

  const setup = (api: CodeApi, resendAfter = 360) => {
    const onVerified = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <CodeStep
        flowId="f1"
        resendAfter={resendAfter}
        api={api}
        onVerified={onVerified}
        onRestart={() => {}}
      />,
    );
    return { user, onVerified };
  };

  it('six digits are checked 1 s after the last one; a right code leads on 1.5 s later', async () => {
    const { api, calls } = fakeApi([
      { ok: true, status: 200, data: { next: 'redirect', location: '/next' } },
    ]);
    const { user, onVerified } = setup(api);
    expect(document.activeElement).toBe(box(1));
    expect(status()).toBe('Enter verification code');
    await user.keyboard('123456');
    await advance(999);
    expect(calls.verify).toEqual([]);
    await advance(1);
    expect(calls.verify).toEqual(['123456']);
    expect(status()).toBe('Code has been verified');
    await advance(1_499);
    expect(onVerified).not.toHaveBeenCalled();
    await advance(1);
    expect(onVerified).toHaveBeenCalledWith({ next: 'redirect', location: '/next' });
  });

  it('a wrong code shows its error, then after 2 s empty boxes, the re-enter prompt and focus', async () => {
    const { api, calls } = fakeApi([refused('code.incorrect')]);
    const { user } = setup(api);
    await user.paste('654321');
    await advance(1_000);
    expect(calls.verify).toEqual(['654321']);
    expect(status()).toBe('Verification code is incorrect');
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
    await advance(2_000);
    expect(status()).toBe('Re-enter verification code');
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(document.activeElement).toBe(box(1));
  });

  it("counts down 'Resend code after N sec.' and offers 'Resend code' exactly at 0", async () => {
    const { api, calls } = fakeApi([], [{ ok: true, status: 200, data: { resendAfter: 360 } }]);
    const { user } = setup(api, 3);
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Resend code after 3 sec.');
    await advance(1_000);
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Resend code after 2 sec.');
    await advance(1_999);
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Resend code after 1 sec.');
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    await advance(1);
    expect(screen.queryByTestId('resend-countdown')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(calls.resend).toBe(1);
    await advance(0); // the answer arrives
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Resend code after 360 sec.');
    expect(document.activeElement).toBe(box(1));
  });

  it("a used-up code locks the boxes and moves focus to 'Resend code'", async () => {
    const { api } = fakeApi([refused('code.expired')]);
    const { user } = setup(api);
    await user.keyboard('111111');
    await advance(1_000);
    expect(status()).toBe('Verification code has expired. Please request a new code.');
    expect(box(1)).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resend code' }));
  });
});
