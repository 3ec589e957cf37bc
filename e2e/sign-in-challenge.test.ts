import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, signUp } from './support/auth.js';
import { useHubBrowserAndMail } from './support/setup.js';

/**
 * Credential stuffing (docs/security.md): with the address's risk raised, the login screen in a
 * real Chromium solves the hub's proof-of-work challenge in the background, for both steps, shows
 * 'Checking your browser…' meanwhile, and signs in; the person's own browser is never asked.
 */
const setup = useHubBrowserAndMail({ env: { SIGN_IN_CHALLENGE: 'on' } });

const openPage = async (width: number): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
};

/** What the page is answered 428 to, and whether its status text showed, across its navigations. */
const watch = async (page: Page) => {
  const seen = { challenged: [] as string[], checking: false };
  page.on('response', (response) => {
    if (response.status() === 428) seen.challenged.push(new URL(response.url()).pathname);
  });
  await page.exposeFunction('noteChecking', () => {
    seen.checking = true;
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=challenge-status]')?.textContent ?? '';
      if (text.includes('Checking your browser'))
        (window as unknown as { noteChecking: () => void }).noteChecking();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
};

const logIn = async (page: Page, account: string) => {
  await page.goto(`${setup.hub.url}/psl/login`);
  await page.getByLabel('Email, mobile number or username').fill(account);
  await page.keyboard.press('Enter');
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/, { timeout: 60_000 });
};

describe('the login screen under a credential-stuffing run', () => {
  const email = 'challenge.person@example.ph';

  it('solves the challenge in the background and signs in; the own browser is never asked', async () => {
    const own = await openPage(375);
    await signUp(own, setup.hub.url, setup.sink, 'psl', email);

    // Eleven accounts tried from this address (the browser's own, 127.0.0.1) by a script.
    const script = await openPage(800);
    await script.goto(`${setup.hub.url}/psl/login`);
    const statuses = await script.evaluate(async () => {
      const answers: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await fetch('/api/login/identify', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ platform: 'psl', account: `stuffed${i}@example.ph` }),
        });
        answers.push(res.status);
      }
      return answers;
    });
    expect(statuses.at(-1)).toBe(428);

    // A new browser: the account step is challenged and solved; the password step's challenge is
    // solved ahead while the person types, so it is sent with its step and never refused.
    const fresh = await openPage(1280);
    const seen = await watch(fresh);
    await logIn(fresh, email);
    expect(seen.challenged).toEqual(['/api/login/identify']);
    expect(seen.checking).toBe(true);

    // The browser that signed up (a known device of the account) is never asked.
    const ownSeen = await watch(own);
    await own.context().clearCookies({ name: 'hub_session' });
    await logIn(own, email);
    expect(ownSeen.challenged).toEqual([]);
  }, 120_000);
});
