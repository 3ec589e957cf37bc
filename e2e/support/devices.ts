import { authEndpoints } from '@hub/core';
import type { Browser, BrowserContext } from 'playwright-core';
import type { SmtpSink } from '../../apps/server/src/test-support/smtp-sink.js';
import { journeyPassword } from './auth.js';
import { runHubCli } from './demo-tool.js';
import { logInByApi, signUpByApi } from './switching.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * One person on two devices, as the account center's Devices and Platforms & tools pages show
 * them: a phone (Chrome on Android, 375 px) that signed up, and a laptop (Firefox on Windows,
 * 1280 px) that gave a wrong password once (a failed attempt in the history) and then signed in.
 * The account uses tool 201 (an open one: it may leave) and 302 (its operator manages it).
 * `wrongCode` is the catalogue code the wrong password was answered with.
 */
export const personOnTwoDevices = async (
  setup: { hub: { url: string; databaseUrl: string }; browser: Browser; sink: SmtpSink },
  email: string,
  locales: { phone?: string; laptop?: string } = {},
): Promise<{ phone: BrowserContext; laptop: BrowserContext; wrongCode: string }> => {
  const { hub, browser, sink } = setup;
  const phone = await browser.newContext({
    ...(locales.phone ? { locale: locales.phone } : {}),
    userAgent: ANDROID_CHROME,
    viewport: { width: 375, height: 900 },
  });
  const laptop = await browser.newContext({
    ...(locales.laptop ? { locale: locales.laptop } : {}),
    userAgent: WINDOWS_FIREFOX,
    viewport: { width: 1280, height: 900 },
  });
  await signUpByApi(phone, hub.url, sink, 'psl', email);
  const identified = await laptop.request.post(`${hub.url}${authEndpoints.loginIdentify}`, {
    data: { platform: 'psl', account: email },
    headers: { Origin: hub.url },
  });
  const wrong = await laptop.request.post(`${hub.url}${authEndpoints.loginPassword}`, {
    data: { flowId: (await identified.json()).flowId, password: `${journeyPassword}x` },
    headers: { Origin: hub.url },
  });
  await logInByApi(laptop, hub.url, 'psl', email);
  runHubCli(hub.databaseUrl, ['tools', 'add-member', '201', email]);
  runHubCli(hub.databaseUrl, ['tools', 'add-member', '302', email]);
  return { phone, laptop, wrongCode: (await wrong.json()).code };
};
