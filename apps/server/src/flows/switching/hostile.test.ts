import {
  authEndpoints,
  defaultPlatformEndpoints,
  linkingEndpoints,
  platformApiEndpoints,
  switchingEndpoints,
  workAccountEndpoints,
} from '@hub/core';
import { describe, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { browserFor, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import {
  assertHostileBodiesRefused,
  assertHostileQueriesRefused,
  hostileBody,
  hostileValue,
} from '../../test-support/hostile-requests.js';
import { registerTools } from '../../test-support/tools.js';

const getEndpoints = [
  defaultPlatformEndpoints.defaultPlatformState,
  defaultPlatformEndpoints.defaultPlatformStatus,
  workAccountEndpoints.workAccountStatus,
  platformApiEndpoints.accountRead,
] as string[];
// The endpoints of switching, linking, the default platform, work accounts and the platform API.
const postEndpoints = [
  switchingEndpoints,
  linkingEndpoints,
  defaultPlatformEndpoints,
  workAccountEndpoints,
  platformApiEndpoints,
]
  .flatMap((endpoints) => Object.values(endpoints) as string[])
  .filter((path) => !getEndpoints.includes(path));
const tables = [
  'accounts',
  'platform_memberships',
  'account_links',
  'flows',
  'verification_codes',
  'mail_outbox',
  'sessions',
] as const;

const hostileSwitchingBody = hostileBody(
  ['platform', 'account', 'flowId', 'code', 'password', 'context', 'email', 'owner_aid'],
  hostileValue(['PSL', 'personal', 'x@y']),
);

describe.each(testDialects)('hostile requests to switching, linking and work accounts on %s', (dialect) => {
  let browser: TestBrowser;
  let credential: string;
  const ctx = setUpTestHub(dialect, {
    seed: async (hub) => {
      credential = (await registerTools(hub, [[13, 'Business']]))[13]!;
      // Signed in as a business owner, so the session checks are passed and the bodies are what is tried.
      await seedAccount(hub, { email: 'owner@example.ph', platforms: ['biz', 'psl'] });
      browser = browserFor(hub, '198.18.1.1');
      const first = await browser.post(authEndpoints.loginIdentify, {
        platform: 'biz',
        account: 'owner@example.ph',
      });
      await browser.post(authEndpoints.loginPassword, {
        flowId: first.json().flowId,
        password: strongPassword,
      });
    },
  });

  it('answers every malformed POST body with a 4xx JSON error and writes nothing', async () => {
    await assertHostileBodiesRefused({
      hub: ctx.hub,
      endpoints: postEndpoints,
      bodies: hostileSwitchingBody,
      tables,
      post: (url, body) => browser.post(url, body, { authorization: `Bearer ${credential}` }),
    });
  });

  it('answers hostile query strings with a 4xx JSON error', async () => {
    await assertHostileQueriesRefused({
      endpoints: getEndpoints,
      params: ['flowId', 'aid'],
      get: (url) =>
        ctx.hub.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${credential}` } }),
    });
  });
});
