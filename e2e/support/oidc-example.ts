import type { Page } from 'playwright-core';
import { type NodeProcess, startNodeProcess } from './process.js';

/**
 * examples/oidc-client (openid-client v6, written against the hub's published interface only) on
 * `port`, as the relying party of the hub at `hubUrl`; a client id and secret from `hub clients
 * add`, or the seeded local-only ones when not given.
 */
export const startOidcExample = (
  port: number,
  hubUrl: string,
  client: { id: string; secret: string } | undefined = undefined,
): Promise<NodeProcess> => {
  const url = `http://localhost:${port}`;
  return startNodeProcess(
    'oidc example',
    'examples/oidc-client/server.mjs',
    {
      PORT: String(port),
      HUB_URL: hubUrl,
      OIDC_EXAMPLE_URL: url,
      ...(client ? { OIDC_CLIENT_ID: client.id, OIDC_CLIENT_SECRET: client.secret } : {}),
    },
    `${url}/healthz`,
    15_000,
  );
};

/** What the example verified and shows: the ID token's claims and userinfo. */
export const shownByExample = async (page: Page) => {
  await page.getByTestId('oidc-signed-in').waitFor();
  const text = async (id: string) => (await page.getByTestId(id).textContent()) ?? '';
  return {
    email: await text('oidc-email'),
    sub: await text('oidc-sub'),
    refreshes: await text('oidc-refreshes'),
    claims: JSON.parse(await text('oidc-claims')) as Record<string, unknown>,
    userinfo: JSON.parse(await text('oidc-userinfo')) as Record<string, unknown>,
  };
};
