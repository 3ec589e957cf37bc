import { toApiError } from '@hub/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountPasswordApi, IdentifyAnswer, RedirectAnswer } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { useAccountPasswordFlow } from '../../hooks/use-account-password-flow';
import { AccountPasswordSteps } from './AccountPasswordSteps';

/** An answer the test hands out when it chooses, so a step can be seen while it is busy. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

const recordingApi = () => {
  const identify: Array<{ account: string; answer: ReturnType<typeof deferred<ApiResult<IdentifyAnswer>>> }> =
    [];
  const passwords: Array<{
    password: string;
    answer: ReturnType<typeof deferred<ApiResult<RedirectAnswer>>>;
  }> = [];
  const api: AccountPasswordApi = {
    identify: (account) => {
      const answer = deferred<ApiResult<IdentifyAnswer>>();
      identify.push({ account, answer });
      return answer.promise;
    },
    checkPassword: (_flowId, password) => {
      const answer = deferred<ApiResult<RedirectAnswer>>();
      passwords.push({ password, answer });
      return answer.promise;
    },
  };
  return { api, identify, passwords };
};

const Login = ({ api }: { api: AccountPasswordApi }) => {
  const flow = useAccountPasswordFlow({ api });
  return <AccountPasswordSteps flow={flow} accountLabel="Account" submitLabel="Log in" links={null} />;
};

const known: ApiResult<IdentifyAnswer> = {
  ok: true,
  status: 200,
  data: { next: 'password', flowId: 'f1', account: { display: 'ada@example.com' } as never },
};

const accountField = () => screen.getByRole('textbox', { name: 'Account' });
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' });
const step = (container: HTMLElement) => container.firstElementChild?.getAttribute('data-step');

describe('AccountPasswordSteps with useAccountPasswordFlow', () => {
  it('an empty account is refused locally and nothing is sent', async () => {
    const user = userEvent.setup();
    const { api, identify } = recordingApi();
    render(<Login api={api} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Account is required')).toBeTruthy();
    expect(accountField().getAttribute('aria-invalid')).toBe('true');
    expect(identify).toEqual([]);
    await user.type(accountField(), 'a');
    expect(screen.queryByText('Account is required')).toBeNull();
  });

  it('account step → password step → back, with submits ignored while busy', async () => {
    const user = userEvent.setup();
    const { api, identify } = recordingApi();
    const { container } = render(<Login api={api} />);
    await user.type(accountField(), '  ada@example.com {Enter}');
    expect(step(container)).toBe('10');
    await user.keyboard('{Enter}');
    expect(identify.map((call) => call.account)).toEqual(['ada@example.com']);
    await act(async () => identify[0]?.answer.resolve(known));
    expect(step(container)).toBe('2');
    expect(screen.getByTestId('account-display').textContent).toBe('ada@example.com');
    expect(document.activeElement).toBe(passwordField());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step(container)).toBe('1');
    expect(accountField()).toHaveProperty('value', '  ada@example.com ');
  });

  it('a short password is refused locally; a wrong one comes back under the field', async () => {
    const user = userEvent.setup();
    const { api, identify, passwords } = recordingApi();
    const { container } = render(<Login api={api} />);
    await user.type(accountField(), 'ada{Enter}');
    await act(async () => identify[0]?.answer.resolve(known));
    await user.type(passwordField(), '12345{Enter}');
    expect(screen.getByText('Incorrect password.')).toBeTruthy();
    expect(passwords).toEqual([]);
    await user.type(passwordField(), '6{Enter}');
    expect(step(container)).toBe('20');
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(passwords.map((call) => call.password)).toEqual(['123456']);
    await act(async () =>
      passwords[0]?.answer.resolve({
        ok: false,
        status: 401,
        error: toApiError('password.incorrect', { field: 'password' }),
      }),
    );
    expect(step(container)).toBe('2');
    expect(screen.getByText('Incorrect password.')).toBeTruthy();
    expect(document.activeElement).toBe(passwordField());
  });

  it('a failure with no field goes to the banner, whose Try again sends again', async () => {
    const user = userEvent.setup();
    const { api, identify } = recordingApi();
    const { container } = render(<Login api={api} />);
    await user.type(accountField(), 'ada{Enter}');
    await act(async () =>
      identify[0]?.answer.resolve({ ok: false, status: 0, error: toApiError('network.unreachable') }),
    );
    expect(step(container)).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(identify.map((call) => call.account)).toEqual(['ada', 'ada']);
  });
});
