import { type Browser, chromium } from 'playwright-core';
import { poolContexts } from './context-pool.js';

export const widths = [375, 800, 1280] as const;

/**
 * Debian's Chromium, headless, with the flags this closed network needs. Never a downloaded
 * browser. Playwright gives every launch a fresh, empty profile directory of its own. Its contexts
 * are emptied and lent again rather than made anew (context-pool.ts).
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return poolContexts(browser);
};
