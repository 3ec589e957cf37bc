import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningHub, startHub } from './hub.js';

export interface HubAndBrowser {
  hub: RunningHub;
  browser: Browser;
}

/**
 * The test file's hub (a fresh one, started with `env`) and Chromium: both up before the file's
 * first test, both stopped after its last. Read their fields inside hooks and tests.
 */
export const useHubAndBrowser = (env: Record<string, string> = {}): HubAndBrowser => {
  const running = {} as HubAndBrowser;
  beforeAll(async () => {
    [running.hub, running.browser] = await Promise.all([startHub(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.hub?.stop();
  });
  return running;
};
