import { toApiError } from '@hub/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PasswordSaver, RedirectAnswer } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { PasswordSetupForm } from './PasswordSetupForm';

const recordingSaver = () => {
  const calls: Array<{ password: string; resolve: (answer: ApiResult<RedirectAnswer>) => void }> = [];
  const api: PasswordSaver = {
    setPassword: (_flowId, password) =>
      new Promise((resolve) => {
        calls.push({ password, resolve });
      }),
  };
  return { api, calls };
};

const strong = 'Str0ng!pass';
// The labels of required fields end in an asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('PasswordSetupForm (two fields)', () => {
  const setup = () => {
    const user = userEvent.setup();
    const saver = recordingSaver();
    render(<PasswordSetupForm variant="setup_two_fields" flowId="f1" api={saver.api} onRestart={() => {}} />);
    return { user, ...saver };
  };

  it('opens on the password; hints and strength follow each keystroke; the button waits for a strong, confirmed password', async () => {
    const { user } = setup();
    expect(document.activeElement).toBe(field('Password'));
    expect(submit()).toHaveProperty('disabled', true);
    await user.keyboard('str');
    expect(screen.getByTestId('strength-meter').getAttribute('data-strength')).toBe('Poor');
    expect(screen.getByTestId('password-hints').textContent).toContain('Upper case');
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    await user.keyboard(strong);
    expect(screen.getByTestId('strength-meter').getAttribute('data-strength')).toBe('Strong');
    expect(screen.queryByTestId('password-hints')).toBeNull();
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(field('Re-enter password'), strong);
    expect(submit()).toHaveProperty('disabled', false);
  });

  it("leaving a confirmation that differs says 'Not Equal passwords'; typing clears it", async () => {
    const { user } = setup();
    await user.keyboard(strong);
    await user.type(field('Re-enter password'), 'other');
    await user.tab();
    expect(screen.getByText('Not Equal passwords')).toBeTruthy();
    await user.type(field('Re-enter password'), 'x');
    expect(screen.queryByText('Not Equal passwords')).toBeNull();
  });

  it('Enter on a weak password says why and sends nothing', async () => {
    const { user, calls } = setup();
    await user.keyboard('weak{Enter}');
    expect(screen.getByText(/^Password must have at least 8 characters/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends once; a refusal from the server comes back under the password', async () => {
    const { user, calls } = setup();
    await user.keyboard(strong);
    await user.type(field('Re-enter password'), `${strong}{Enter}`);
    await user.keyboard('{Enter}');
    expect(calls.map((call) => call.password)).toEqual([strong]);
    expect(field('Password')).toHaveProperty('readOnly', true);
    await act(async () =>
      calls[0]?.resolve({
        ok: false,
        status: 400,
        error: toApiError('password.too_common', { field: 'password' }),
      }),
    );
    expect(screen.getByText('This password is too common. Please choose another one.')).toBeTruthy();
    expect(field('Password')).toHaveProperty('readOnly', false);
    expect(document.activeElement).toBe(field('Password'));
  });
});
