import { authEndpoints, secondFactorEndpoints } from '@hub/core';
import { expect } from 'vitest';
import type { ActionBy } from '../admin/actions.js';
import { grantRole } from '../admin/operators.js';
import type { OperatorRole } from '../storage/operators.js';
import { seedAccount } from './accounts.js';
import type { TestHub } from './app.js';
import { strongPassword, type TestBrowser } from './client.js';
import { seedSecondFactor } from './second-factors.js';

/** Who grants the test's operators: the command line, as `hub operators grant` does. */
export const grantedFromCli: ActionBy = {
  operatorId: null,
  via: 'cli',
  reason: 'set up by the test',
  from: null,
};

/** A console read as the console's page sends it: same-origin, with the browser's cookies. */
export const consoleGet = (hub: TestHub, browser: TestBrowser, url: string) =>
  hub.app.inject({
    method: 'GET',
    url,
    remoteAddress: browser.ip,
    headers: {
      'sec-fetch-site': 'same-origin',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });

/** Signs `browser` in with the password and an authenticator code (amr pwd otp mfa). */
export const signInWithCode = async (browser: TestBrowser, email: string, code: () => string) => {
  const parked = await browser.post(authEndpoints.loginPassword, {
    flowId: (await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email })).json()
      .flowId,
    password: strongPassword,
  });
  expect(parked.json(), parked.body).toMatchObject({ next: 'second_factor' });
  const done = await browser.post(secondFactorEndpoints.verify, {
    flowId: parked.json().flowId,
    method: 'totp',
    code: code(),
  });
  expect(done.statusCode, done.body).toBe(200);
};

/** An operator of `role`, granted from the command line, signed in on `browser` with a second factor. */
export const seedOperator = async (
  hub: TestHub,
  input: { email: string; role: OperatorRole; browser: TestBrowser },
) => {
  const id = await seedAccount(hub, { email: input.email });
  const { code } = await seedSecondFactor(hub, id);
  await grantRole(hub.hub, id, input.role, grantedFromCli);
  await signInWithCode(input.browser, input.email, code);
  return { id, email: input.email, browser: input.browser, code };
};
