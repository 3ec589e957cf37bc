import type { MeSummary } from '@hub/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, setLanguage } from '../i18n';
import { AccountMenu, displayNameOf } from './AccountMenu';
import { LanguageSwitch } from './LanguageSwitch';

const me: MeSummary = {
  account: { kind: 'email', display: 'gabriela.silang@example.ph' },
  name: { first: 'Gabriela', middle: null, last: 'Silang', suffix: null },
  initials: 'GS',
  userType: 0,
  homePlatform: 'psl',
  platforms: ['psl'],
  createdAt: 0,
};

const renderMenu = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountMenu me={me} languageSwitch={<LanguageSwitch />} />
      <p>Elsewhere</p>
    </MemoryRouter>,
  );

/** The accounts signed in on this browser, as GET /api/me/device-accounts answers them. */
const deviceAccounts = {
  accounts: [
    { id: 'a', display: 'Gabriela Silang', initials: 'GS', current: true },
    { id: 'b', display: 'work@example.ph', initials: 'W', current: false },
  ],
};

describe('AccountMenu', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(deviceAccounts), { headers: { 'content-type': 'application/json' } }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the other accounts of this browser to switch to, and signing out of all of them', async () => {
    renderMenu();
    await userEvent.click(screen.getByTestId('account-menu-button'));
    expect(await screen.findByRole('button', { name: /Switch to work@example.ph/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Switch to Gabriela/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out of all accounts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add another account' })).toBeTruthy();
  });

  it('names the person by name, else by the account', () => {
    expect(displayNameOf(me)).toBe('Gabriela Silang');
    expect(displayNameOf({ ...me, name: null })).toBe('gabriela.silang@example.ph');
  });

  it('opens Account and Log out; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Your account: Gabriela Silang' });
    expect(button.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('GS');
    expect(button.textContent).toBe('Gabriela Silang');
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click outside, and keeps the platform tab in the Account link', async () => {
    const user = userEvent.setup();
    renderMenu('/biz/login');
    await user.click(screen.getByRole('button', { name: /Your account/ }));
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/biz/account');
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  describe('the language switch in the menu', () => {
    afterEach(() => setLanguage('en'));

    it('switches the menu (and the app) to Filipino and remembers the choice', async () => {
      const user = userEvent.setup();
      renderMenu();
      await user.click(screen.getByRole('button', { name: 'Your account: Gabriela Silang' }));
      await user.selectOptions(screen.getByLabelText('Language'), 'fil');
      await screen.findByRole('link', { name: 'Account' });
      expect(await screen.findByRole('button', { name: 'Mag-log out' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Ang iyong account: Gabriela Silang' })).toBeTruthy();
      expect(screen.getByLabelText('Wika')).toHaveProperty('value', 'fil');
      expect(currentLanguage()).toBe('fil');
      expect(document.documentElement.lang).toBe('fil');
      expect(document.cookie).toContain('hub_lng=fil');
    });
  });
});
