import { type DeletionState, toApiError } from '@hub/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../api/client';
import type { DataFile, MeDataApi } from '../../../api/me-data';
import { DataPage } from './Data';

const DUE = Date.UTC(2026, 10, 21, 12, 0);
const none = (hasPassword: boolean): DeletionState => ({ dueAt: null, requestedAt: null, hasPassword });
const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });

/** The page's calls, answering from a script and recording what was sent. */
const scriptedApi = (state: DeletionState, answers: { request?: Array<ApiResult<DeletionState>> } = {}) => {
  const sent: { passwords: Array<string | undefined>; cancels: number } = { passwords: [], cancels: 0 };
  const api: MeDataApi = {
    download: async () => ({
      ok: false,
      status: 429,
      error: toApiError('rate_limited', { params: { seconds: 30 }, retryAfter: 30 }),
    }),
    deletion: async () => ok(state),
    requestDeletion: async (password) => {
      sent.passwords.push(password);
      return (
        answers.request?.shift() ?? ok({ dueAt: DUE, requestedAt: DUE - 1, hasPassword: state.hasPassword })
      );
    },
    cancelDeletion: async () => {
      sent.cancels += 1;
      return ok(none(state.hasPassword));
    },
  };
  return { api, sent };
};

const renderPage = (api: MeDataApi, saved: DataFile[] = []) =>
  render(
    <MemoryRouter initialEntries={['/account/data']}>
      <DataPage api={api} save={(file) => saved.push(file)} refresh={() => {}} />
    </MemoryRouter>,
  );

const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });

describe('the "Your data" page', () => {
  it('opens with a pending deletion shown, without taking the focus', async () => {
    renderPage(scriptedApi({ dueAt: DUE, requestedAt: DUE - 1, hasPassword: true }).api);
    const pending = await screen.findByTestId('deletion-pending');
    expect(pending.textContent).toContain('Your account will be deleted on');
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(screen.getByText('Your account is already scheduled for deletion.')).toBeTruthy();
  });

  it('hands the downloaded file to the browser as the server named it', async () => {
    const user = userEvent.setup();
    const { api } = scriptedApi(none(true));
    const file: DataFile = { blob: new Blob(['{}']), filename: 'account-hub-data-2026-11-14.json' };
    const saved: DataFile[] = [];
    renderPage({ ...api, download: async () => ok(file) }, saved);
    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    await waitFor(() => expect(saved).toEqual([file]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when downloads are refused for now', async () => {
    const user = userEvent.setup();
    renderPage(scriptedApi(none(true)).api);
    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });

  it('asks for the password in a step that takes the focus, closes on Escape, and says a wrong one under the field', async () => {
    const user = userEvent.setup();
    const { api, sent } = scriptedApi(none(true), {
      request: [{ ok: false, status: 401, error: toApiError('password.incorrect', { field: 'password' }) }],
    });
    renderPage(api);
    const open = await screen.findByRole('button', { name: 'Delete account' });
    await user.click(open);
    expect(document.activeElement).toBe(passwordInput());
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete account' }));

    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(sent.passwords).toEqual([]);
    await user.type(passwordInput(), 'Not-it-1!{Enter}');
    expect(await screen.findByText('Incorrect password.')).toBeTruthy();
    expect(document.activeElement).toBe(passwordInput());

    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Right-one-1!{Enter}');
    const pending = await screen.findByTestId('deletion-pending');
    expect(sent.passwords).toEqual(['Not-it-1!', 'Right-one-1!']);
    expect(pending.textContent).toContain('Your account will be deleted on');
    expect(pending.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(DUE).toISOString());
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: /Your account will be deleted on/ }),
    );
    expect(screen.getByRole('status').textContent).toContain('Your account is scheduled for deletion.');
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByText('Your account will not be deleted.')).toBeTruthy();
    expect(sent.cancels).toBe(1);
    expect(screen.queryByTestId('deletion-pending')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy();
  });

  it('without a password, explains the recent sign-in and shows a refused one as a banner without "Try again"', async () => {
    const user = userEvent.setup();
    const { api, sent } = scriptedApi(none(false), {
      request: [{ ok: false, status: 403, error: toApiError('account.fresh_sign_in_required') }],
    });
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(screen.getByTestId('delete-confirm').textContent).toContain('a sign-in in the last 10 minutes');
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
    const confirm = screen.getAllByRole('button', { name: 'Delete account' }).at(-1)!;
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('please log out, sign in again and then delete your account');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(sent.passwords).toEqual([undefined]);
  });
});
