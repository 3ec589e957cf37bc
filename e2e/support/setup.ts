import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test-support/smtp-sink.js';
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

export interface HubBrowserAndMail extends HubAndBrowser {
  sink: SmtpSink;
}

/**
 * Like `useHubAndBrowser`, with an SMTP sink the hub sends its mail to, so a test can read the
 * codes a person would get by mail. The sink starts first: the hub needs its address.
 */
export const useHubBrowserAndMail = (): HubBrowserAndMail => {
  const running = {} as HubBrowserAndMail;
  beforeAll(async () => {
    running.sink = await startSmtpSink();
    [running.hub, running.browser] = await Promise.all([
      startHub({ SMTP_URL: running.sink.url, MAIL_FROM: 'Account Hub <hub@example.ph>' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.hub?.stop();
    await running.sink?.stop();
  });
  return running;
};
