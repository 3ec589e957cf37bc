import { type CodeSent, checkSignupAccount } from '@hub/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CodeApi } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { CodeRequestFlow } from './CodeRequestFlow';

const PATH = '/psl/registration';

const codeApi: CodeApi = {
  verify: async () => {
    throw new Error('not asked here');
  },
  resend: async () => ({ ok: true, status: 200, data: { resendAfter: 360 } }),
};

/** The sign-up's code step on a router whose history the test reads, with a recorded code request. */
const mount = (entry = PATH) => {
  const requests: string[] = [];
  const request = async (account: string): Promise<ApiResult<CodeSent>> => {
    requests.push(account);
    return {
      ok: true,
      status: 200,
      data: {
        next: 'code',
        flowId: `flow-${requests.length}`,
        account: { kind: 'email', display: account },
        resendAfter: 360,
      },
    };
  };
  const router = createMemoryRouter(
    [
      {
        path: PATH,
        element: (
          <CodeRequestFlow
            accountLabel="Email"
            kind="email"
            check={checkSignupAccount}
            request={request}
            codeApi={codeApi}
          />
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, requests, view, user: userEvent.setup({ delay: null }) };
};

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const onCodeStep = () => screen.queryByTestId('account-display') !== null;
const ask = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
  await user.clear(emailField());
  await user.type(emailField(), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // The request's answer and the navigation it makes.
  await act(() => vi.advanceTimersByTimeAsync(0));
};

describe('CodeRequestFlow: the code step has a URL of its own', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'jest');
    vi.useRealTimers();
  });

  it('sending a code adds ?step=code, and Back returns to the account step with the email kept', async () => {
    const { router, user } = mount();
    await ask(user, 'maria@example.ph');
    expect(router.state.location.search).toBe('?step=code');
    expect(onCodeStep()).toBe(true);
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(onCodeStep()).toBe(false);
    expect(emailField()).toHaveProperty('value', 'maria@example.ph');
  });

  it('the same email again within the countdown returns to the code sent, without sending another', async () => {
    const { router, requests, user } = mount();
    await ask(user, 'maria@example.ph');
    await act(() => router.navigate(-1));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await ask(user, '  Maria@Example.ph ');
    expect(requests).toEqual(['maria@example.ph']);
    expect(onCodeStep()).toBe(true);
    expect(router.state.location.search).toBe('?step=code');
    // 60 s of the 360 have gone: the countdown goes on, it does not start again.
    expect(screen.getByText('Resend code after 300 sec.')).toBeTruthy();

    await act(() => router.navigate(-1));
    await ask(user, 'juan@example.ph');
    expect(requests).toEqual(['maria@example.ph', 'juan@example.ph']);
  });

  it('the same email after the countdown sends a fresh code', async () => {
    const { router, requests, user } = mount();
    await ask(user, 'maria@example.ph');
    await act(() => router.navigate(-1));
    await act(() => vi.advanceTimersByTimeAsync(361_000));
    await ask(user, 'maria@example.ph');
    expect(requests).toEqual(['maria@example.ph', 'maria@example.ph']);
  });

  it('a reload on the code step shows it again, countdown and all; the in-page back leaves it', async () => {
    const first = mount();
    await ask(first.user, 'maria@example.ph');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    first.view.unmount();

    const { router, requests, user } = mount(`${PATH}?step=code`);
    expect(onCodeStep()).toBe(true);
    expect(screen.getByTestId('account-display').textContent).toBe('maria@example.ph');
    expect(screen.getByText('Resend code after 350 sec.')).toBeTruthy();
    expect(requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onCodeStep()).toBe(false);
    expect(router.state.location.search).toBe('');
    expect(emailField()).toHaveProperty('value', 'maria@example.ph');
    // The in-page back forgets the code: asking again sends a new one.
    await ask(user, 'maria@example.ph');
    expect(requests).toEqual(['maria@example.ph']);
  });

  it('?step=code with no code remembered in this tab shows the account step', async () => {
    const { router } = mount(`${PATH}?step=code`);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onCodeStep()).toBe(false);
    expect(router.state.location.search).toBe('');
  });

  it('points at the dev mailbox when the hub names one (local, no mail server)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'hub-dev-mailbox';
    meta.content = '/dev/mail';
    document.head.append(meta);
    try {
      const { user } = mount();
      await ask(user, 'maria@example.ph');
      const hint = screen.getByTestId('dev-mailbox-hint');
      expect(hint.textContent).toBe(
        'This is a local hub without a mail server: the code is in the dev mailbox. Open the dev mailbox',
      );
      expect(screen.getByRole('link', { name: 'Open the dev mailbox' }).getAttribute('href')).toBe(
        '/dev/mail?to=maria%40example.ph',
      );
    } finally {
      meta.remove();
    }
  });

  it('says nothing of a dev mailbox when the hub names none', async () => {
    const { user } = mount();
    await ask(user, 'maria@example.ph');
    expect(screen.queryByTestId('dev-mailbox-hint')).toBeNull();
  });
});
