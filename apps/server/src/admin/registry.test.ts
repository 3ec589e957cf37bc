import { adminEndpoints, adminRegistryEndpoints } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../services/tokens.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import { createToolQueries } from '../storage/tools.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { consoleGet, seedOperator } from '../test-support/operators.js';
import type { ActionBy } from './actions.js';

const _cli: ActionBy = { operatorId: null, via: 'cli', reason: 'set up by the test', from: null };
const toolPath = (tid: number) => adminRegistryEndpoints.tool.replace(':tid', String(tid));
const changePath = (tid: number, change: string) =>
  adminRegistryEndpoints.toolChange.replace(':tid', String(tid)).replace(':change', change);
const clientPath = (id: string) => adminRegistryEndpoints.client.replace(':clientId', id);
const rotatePath = (id: string) => adminRegistryEndpoints.clientSecret.replace(':clientId', id);

/** A credential, a client secret or their hashes: what no answer but a one-time one may carry. */
const SECRET = /hubtool_\d+_|hubsecret_|credential_hash|secret_hash|[0-9a-f]{64}/;

describe.each(testDialects)('the console tool and client registry on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.71' });
  let ip = 0;
  const nextBrowser = () => {
    ip += 1;
    return browserFor(ctx.hub, `198.19.72.${ip}`);
  };

  const get = (browser: TestBrowser, url: string) => consoleGet(ctx.hub, browser, url);

  /** An operator of `role`, granted from the command line, signed in with an authenticator code. */
  const operator = async (role: 'viewer' | 'support' | 'admin') => {
    ctx.n += 1;
    return seedOperator(ctx.hub, { email: `reg${ctx.n}-${role}@example.ph`, role, browser: nextBrowser() });
  };

  const auditOf = async (event: string) =>
    (
      await ctx.hub.database.db.selectFrom('audit_events').selectAll().where('event', '=', event).execute()
    ).map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }));

  const expectRefusal = (res: LightMyRequestResponse, status: number, code: string, field?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, ...(field ? { field } : {}) });
  };

  it('lets only an admin read or change tools and clients: support and viewer get 403, another site 403', async () => {
    const admin = await operator('admin');
    const created = await admin.browser.post(adminRegistryEndpoints.tools, {
      tid: 4101,
      name: 'Roles desk',
      type: 2,
      reason: 'onboarding',
    });
    expect(created.statusCode, created.body).toBe(200);
    const client = await admin.browser.post(adminRegistryEndpoints.clients, {
      name: 'Roles app',
      redirectUris: ['https://roles.example.ph/cb'],
      reason: 'onboarding',
    });
    const clientId = client.json().client_id as string;
    for (const role of ['viewer', 'support'] as const) {
      const { browser } = await operator(role);
      const answers = [
        await get(browser, adminRegistryEndpoints.tools),
        await get(browser, toolPath(4101)),
        await get(browser, adminRegistryEndpoints.clients),
        await browser.post(adminRegistryEndpoints.tools, { tid: 4102, name: 'X', type: 1, reason: 'r' }),
        await browser.post(toolPath(4101), { name: 'Renamed', reason: 'r' }),
        await browser.post(changePath(4101, 'rotate-credential'), { reason: 'r' }),
        await browser.post(changePath(4101, 'add-member'), { account: admin.email, reason: 'r' }),
        await browser.post(adminRegistryEndpoints.clients, { name: 'X', redirectUris: [], reason: 'r' }),
        await browser.post(clientPath(clientId), { firstParty: true, reason: 'r' }),
        await browser.post(rotatePath(clientId), { reason: 'r' }),
      ];
      for (const res of answers) expectRefusal(res, 403, 'admin.forbidden');
    }
    const crossSite = await admin.browser.post(
      changePath(4101, 'rotate-credential'),
      { reason: 'r' },
      { origin: 'https://evil.example' },
    );
    expectRefusal(crossSite, 403, 'origin.forbidden');
    const tool = await createToolQueries(ctx.hub.database.db).findByTid(4101);
    expect(tool?.credential_hash).toBe(sha256(created.json().credential));
    expect(tool?.name).toBe('Roles desk');
  });

  it('registers a tool and shows its credential once; callbacks, keys, members and a rotation each leave an audit row', async () => {
    const admin = await operator('admin');
    const member = await seedAccount(ctx.hub, { email: `member${ctx.n}@example.ph` });
    const created = await admin.browser.post(adminRegistryEndpoints.tools, {
      tid: 4201,
      name: 'Payroll desk',
      type: 3,
      logo: 'https://payroll.example.ph/logo.png',
      requireSecondFactor: true,
      reason: 'new partner, ticket 42',
    });
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json().credential as string;
    expect(first).toMatch(/^hubtool_4201_/);

    const calls = [
      await admin.browser.post(changePath(4201, 'set-callback'), {
        env: 'local',
        url: 'http://localhost:3001/t/4201/sso/account/auth',
        reason: 'their dev server',
      }),
      await admin.browser.post(changePath(4201, 'add-key'), { key: 'PAYROLL_RQX', reason: 'their key' }),
      await admin.browser.post(changePath(4201, 'add-member'), {
        account: `MEMBER${ctx.n}@example.ph`,
        reason: 'HR asked',
      }),
      await admin.browser.post(toolPath(4201), { name: 'Payroll', reason: 'renamed by the partner' }),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(SECRET);
    }
    const page = await get(admin.browser, toolPath(4201));
    expect(page.json()).toMatchObject({
      tool: {
        tid: 4201,
        name: 'Payroll',
        type: 3,
        requireSecondFactor: true,
        keys: ['PAYROLL_RQX'],
        credentialSet: true,
        protectedAs: null,
      },
      callbacks: [{ env: 'local', name: 'auth', position: 0 }],
      members: [{ id: member }],
      moreMembers: false,
    });
    const list = await get(admin.browser, adminRegistryEndpoints.tools);
    for (const res of [page, list]) expect(res.body).not.toMatch(SECRET);

    const rotated = await admin.browser.post(changePath(4201, 'rotate-credential'), {
      grace: '24h',
      reason: 'leaked in a log',
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().credential as string;
    expect(second).toMatch(/^hubtool_4201_/);
    expect(second).not.toBe(first);
    const stored = await createToolQueries(ctx.hub.database.db).findByTid(4201);
    expect(stored).toMatchObject({
      credential_hash: sha256(second),
      previous_credential_hash: sha256(first),
    });
    expect((await get(admin.browser, toolPath(4201))).body).not.toContain(second);

    const removed = await admin.browser.post(changePath(4201, 'remove-member'), {
      account: member,
      reason: 'left the company',
    });
    expect(removed.statusCode, removed.body).toBe(200);

    for (const [event, reason] of [
      ['admin.tool_registered', 'new partner, ticket 42'],
      ['admin.tool_callback_set', 'their dev server'],
      ['admin.tool_key_added', 'their key'],
      ['admin.tool_member_added', 'HR asked'],
      ['admin.tool_updated', 'renamed by the partner'],
      ['admin.tool_credential_rotated', 'leaked in a log'],
      ['admin.tool_member_removed', 'left the company'],
    ] as const) {
      const rows = (await auditOf(event)).filter((row) => row.detail.tid === 4201);
      expect(rows, event).toHaveLength(1);
      expect(rows[0]!.detail).toMatchObject({ operator: admin.id, via: 'console', reason });
      expect(JSON.stringify(rows[0])).not.toMatch(/hubtool_/);
    }
    expect((await auditOf('admin.tool_member_added')).find((r) => r.detail.tid === 4201)?.account_id).toBe(
      member,
    );

    // Registered from the console, the tool is reached through its key at once.
    const rqx = await nextBrowser().post('/api/sso/rqx', {
      platform: 'personal',
      callback: 'local',
      from: 'PAYROLL_RQX',
    });
    expect(rqx.statusCode, rqx.body).toBe(200);
  });

  it('refuses what the command line refuses, with a catalogue code and the field, and writes nothing', async () => {
    const admin = await operator('admin');
    const post = (url: string, body: Record<string, unknown>) => admin.browser.post(url, body);
    await post(adminRegistryEndpoints.tools, { tid: 4301, name: 'Checks', type: 2, reason: 'set up' });
    await post(adminRegistryEndpoints.tools, { tid: 4302, name: 'Other', type: 2, reason: 'set up' });
    await post(changePath(4302, 'add-key'), { key: 'OTHER_RQX', reason: 'set up' });
    await post(adminRegistryEndpoints.tools, { tid: 18, name: 'Personal', type: 1, reason: 'set up' });

    expectRefusal(await post(changePath(4301, 'rotate-credential'), {}), 400, 'admin.reason_required');
    expectRefusal(
      await post(changePath(4301, 'rotate-credential'), { reason: '   ' }),
      400,
      'admin.reason_required',
    );
    expectRefusal(
      await post(adminRegistryEndpoints.tools, { tid: 4301, name: 'Again', type: 2, reason: 'r' }),
      409,
      'admin.tool_exists',
    );
    expectRefusal(
      await post(adminRegistryEndpoints.tools, { tid: 4303, name: ' padded ', type: 2, reason: 'r' }),
      400,
      'admin.value_invalid',
      'name',
    );
    expectRefusal(
      await post(adminRegistryEndpoints.tools, {
        tid: 4303,
        name: 'Logo',
        type: 2,
        logo: 'javascript:alert(1)',
        reason: 'r',
      }),
      400,
      'admin.value_invalid',
      'logo',
    );
    for (const url of [
      'https://good@evil.example/cb',
      'https://desk.example.ph/cb#x',
      'http://desk.example.ph/cb',
      'HTTPS://desk.example.ph/cb',
    ])
      expectRefusal(
        await post(changePath(4301, 'set-callback'), { env: 'production', url, reason: 'r' }),
        400,
        'admin.value_invalid',
        'url',
      );
    expectRefusal(
      await post(changePath(4301, 'set-callback'), { url: 'https://desk.example.ph/cb', reason: 'r' }),
      400,
      'admin.value_invalid',
      'env',
    );
    expectRefusal(
      await post(changePath(4301, 'add-key'), { key: 'OTHER_RQX', reason: 'r' }),
      409,
      'admin.tsa_key_taken',
    );
    expectRefusal(
      await post(changePath(4301, 'add-key'), { key: 'lower', reason: 'r' }),
      400,
      'admin.value_invalid',
      'key',
    );
    expectRefusal(
      await post(changePath(4301, 'remove-key'), { key: 'OTHER_RQX', reason: 'r' }),
      404,
      'admin.tsa_key_not_found',
    );
    expectRefusal(
      await post(changePath(4301, 'add-member'), { account: 'nobody@example.ph', reason: 'r' }),
      404,
      'account.not_found',
    );
    expectRefusal(
      await post(changePath(4301, 'remove-member'), { account: admin.id, reason: 'r' }),
      404,
      'admin.member_not_found',
    );
    expectRefusal(
      await post(changePath(4301, 'rotate-credential'), { grace: '30d', reason: 'r' }),
      400,
      'admin.value_invalid',
      'grace',
    );
    expectRefusal(
      await post(changePath(4399, 'rotate-credential'), { reason: 'r' }),
      404,
      'admin.tool_not_found',
    );
    expectRefusal(await post(changePath(4301, 'unknown'), { reason: 'r' }), 400, 'request.invalid');

    // The Personal platform's tool: its callbacks change only when confirmed.
    const platformCallback = { env: 'local', url: 'http://localhost:3000/cb', reason: 'moving' };
    expectRefusal(await post(changePath(18, 'set-callback'), platformCallback), 409, 'admin.tool_protected');
    expect(await createToolQueries(ctx.hub.database.db).allCallbacks(18)).toEqual([]);
    const forced = await post(changePath(18, 'set-callback'), { ...platformCallback, force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await get(admin.browser, toolPath(18))).json().tool.protectedAs).toBe('platform');

    expect(await createToolQueries(ctx.hub.database.db).findByTid(4303)).toBeUndefined();
    expect((await createToolQueries(ctx.hub.database.db).callbacks(4301, 'production')).length).toBe(0);
  });

  it('registers, edits and rotates an OpenID Connect client: the secret is answered once, each change audited', async () => {
    const admin = await operator('admin');
    const created = await admin.browser.post(adminRegistryEndpoints.clients, {
      name: 'Clinic portal',
      redirectUris: ['https://clinic.example.ph/callback'],
      scopes: 'openid email',
      reason: 'new partner',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { client_id: clientId, client_secret: first } = created.json();
    expect(first).toMatch(/^hubsecret_/);

    const updated = await admin.browser.post(clientPath(clientId), {
      redirectUris: ['https://clinic.example.ph/callback', 'https://clinic.example.ph/cb2'],
      firstParty: true,
      scopes: 'openid email profile',
      reason: 'their second site',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      client_id: clientId,
      first_party: true,
      has_secret: true,
      scopes: ['openid', 'email', 'profile'],
      redirect_uris: ['https://clinic.example.ph/callback', 'https://clinic.example.ph/cb2'],
    });
    const list = await get(admin.browser, adminRegistryEndpoints.clients);
    for (const res of [updated, list]) expect(res.body).not.toMatch(SECRET);
    expect(list.json().clients.map((c: { client_id: string }) => c.client_id)).toContain(clientId);

    const refusals: [Record<string, unknown>, string][] = [
      [{ redirectUris: [], reason: 'r' }, 'redirectUris'],
      [{ redirectUris: ['https://*.example.ph/cb'], reason: 'r' }, 'redirectUris'],
      [{ scopes: 'openid admin:all', reason: 'r' }, 'scopes'],
      [{ profile: 'fapi2', reason: 'r' }, 'profile'],
      [{ reason: 'r' }, 'name'],
    ];
    for (const [body, field] of refusals)
      expectRefusal(await admin.browser.post(clientPath(clientId), body), 400, 'admin.value_invalid', field);
    expectRefusal(
      await admin.browser.post(clientPath('hub_nothing'), { name: 'x', reason: 'r' }),
      404,
      'admin.client_not_found',
    );

    const rotated = await admin.browser.post(rotatePath(clientId), { reason: 'secret in a screenshot' });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().client_secret as string;
    expect(second).toMatch(/^hubsecret_/);
    expect(second).not.toBe(first);
    const row = await createOidcClientQueries(ctx.hub.database.db).find(clientId);
    expect(row).toMatchObject({ secret_hash: sha256(second), previous_secret_hash: null });

    const publicClient = await admin.browser.post(adminRegistryEndpoints.clients, {
      name: 'Clinic app',
      redirectUris: ['com.example.clinic:/cb'],
      public: true,
      native: true,
      reason: 'their phone app',
    });
    expect(publicClient.json()).toMatchObject({ client_secret: null });
    expectRefusal(
      await admin.browser.post(rotatePath(publicClient.json().client_id), { reason: 'r' }),
      409,
      'admin.client_without_secret',
    );

    for (const [event, reason] of [
      ['admin.client_registered', 'new partner'],
      ['admin.client_updated', 'their second site'],
      ['admin.client_secret_rotated', 'secret in a screenshot'],
    ] as const) {
      const rows = (await auditOf(event)).filter((r) => r.detail.client === clientId);
      expect(rows, event).toHaveLength(1);
      expect(rows[0]!.detail).toMatchObject({ operator: admin.id, via: 'console', reason });
      expect(JSON.stringify(rows[0])).not.toMatch(/hubsecret_/);
    }
    // The audit log the console reads shows the rows, never a secret.
    const auditPage = await get(admin.browser, `${adminEndpoints.audit}?operator=${admin.id}`);
    expect(auditPage.body).toContain('admin.client_secret_rotated');
    expect(auditPage.body).not.toMatch(/hubsecret_|hubtool_/);
  });
});
