import type { Page } from 'playwright-core';
import { runHubCli } from './demo-tool.js';
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

/**
 * Registers the example with the hub as an operator registers a partner's tool (`hub clients add`:
 * confidential, not first-party, so consent is asked; platform psl) and starts it on `port`.
 */
export const startRegisteredOidcExample = async (
  port: number,
  hub: { url: string; databaseUrl: string },
): Promise<{ example: NodeProcess; clientId: string }> => {
  const url = `http://localhost:${port}`;
  const out = runHubCli(hub.databaseUrl, [
    'clients',
    'add',
    '--name',
    'Independent Reviews',
    '--redirect-uri',
    `${url}/callback`,
    '--post-logout-redirect-uri',
    `${url}/signed-out`,
    '--platform',
    'psl',
  ]);
  const clientId = /client_id: (hub_[A-Za-z0-9_-]+)/.exec(out)?.[1] ?? '';
  const secret = /Client secret of \S+:\s+(\S+)/.exec(out)?.[1] ?? '';
  if (!clientId || !secret) throw new Error(`hub clients add printed no client id or secret:\n${out}`);
  return { example: await startOidcExample(port, hub.url, { id: clientId, secret }), clientId };
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
