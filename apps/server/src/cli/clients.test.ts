import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../services/tokens.js';
import type { HubDatabase } from '../storage/database.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import { runHubCli, runHubCliAudited, useCliDatabase } from '../test-support/cli.js';
import { testDialects } from '../test-support/databases.js';

const run = runHubCli;

const clientIdIn = (text: string) => /client_id: (hub_[A-Za-z0-9_-]+)/.exec(text)?.[1];
const secretsIn = (text: string) => text.match(/hubsecret_[A-Za-z0-9_-]+/g) ?? [];

describe.each(testDialects)('hub clients on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  let env: NodeJS.ProcessEnv;
  let database: HubDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'hub-clients-'));

  beforeAll(() => {
    ({ env, database } = cli);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('add prints the client_id and the secret once; the database holds only its hash', async () => {
    const added = await run(
      [
        'clients',
        'add',
        '--name',
        'Review Center',
        '--redirect-uri',
        'https://review.example.test/cb',
        '--redirect-uri',
        'http://localhost:5173/cb',
        '--platform',
        'biz',
        '--post-logout-redirect-uri',
        'https://review.example.test/bye',
        '--backchannel-logout-uri',
        'https://review.example.test/logout',
      ],
      env,
    );
    expect(added.code).toBe(0);
    const clientId = clientIdIn(added.out)!;
    const [secret] = secretsIn(added.out);
    expect(secret).toBeTruthy();
    const row = await createOidcClientQueries(database.db).find(clientId);
    expect(row).toMatchObject({
      name: 'Review Center',
      public: 0,
      platform: 'biz',
      token_endpoint_auth_method: 'client_secret_basic',
      secret_hash: sha256(secret!),
      backchannel_logout_uri: 'https://review.example.test/logout',
    });
    expect(JSON.parse(row!.redirect_uris)).toEqual([
      'https://review.example.test/cb',
      'http://localhost:5173/cb',
    ]);

    for (const argv of [
      ['clients', 'list'],
      ['clients', 'show', clientId],
    ]) {
      const shown = await run(argv, env);
      expect(shown.code).toBe(0);
      expect(shown.out).toContain(clientId);
      expect(shown.out).not.toContain(secret!);
      expect(shown.out).not.toContain(row!.secret_hash!);
    }
  });

  it('a public client gets no secret; a private_key_jwt client gets its public keys', async () => {
    const pub = await run(
      [
        'clients',
        'add',
        '--name',
        'App',
        '--redirect-uri',
        'https://app.example.test/cb',
        '--public',
        '--first-party',
      ],
      env,
    );
    expect(pub.code).toBe(0);
    expect(secretsIn(pub.out)).toEqual([]);
    const row = await createOidcClientQueries(database.db).find(clientIdIn(pub.out)!);
    expect(row).toMatchObject({
      public: 1,
      first_party: 1,
      token_endpoint_auth_method: 'none',
      secret_hash: null,
    });

    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const publicFile = join(dir, 'public.json');
    writeFileSync(publicFile, JSON.stringify({ keys: [await exportJWK(publicKey)] }));
    const jwt = await run(
      [
        'clients',
        'add',
        '--name',
        'Server',
        '--redirect-uri',
        'https://srv.example.test/cb',
        '--auth-method',
        'private_key_jwt',
        '--jwks-file',
        publicFile,
      ],
      env,
    );
    expect(jwt.code).toBe(0);
    expect(secretsIn(jwt.out)).toEqual([]);

    const privateFile = join(dir, 'private.json');
    writeFileSync(privateFile, JSON.stringify({ keys: [await exportJWK(privateKey)] }));
    const leaked = await run(
      [
        'clients',
        'add',
        '--name',
        'S',
        '--redirect-uri',
        'https://s.example.test/cb',
        '--auth-method',
        'private_key_jwt',
        '--jwks-file',
        privateFile,
      ],
      env,
    );
    expect(leaked.code).toBe(64);
    expect(leaked.err).toContain('private');
  });

  it('refuses redirect URIs that could not be matched exactly, and other bad usage, without touching the database', async () => {
    const before = (await createOidcClientQueries(database.db).list()).length;
    for (const argv of [
      ['clients', 'add', '--redirect-uri', 'https://a.example.test/cb'],
      ['clients', 'add', '--name', 'X'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://*.example.test/cb'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'http://a.example.test/cb'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://a.example.test/cb#x'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://user@a.example.test/cb'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'HTTPS://A.example.test/cb'],
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://a.example.test/cb', '--platform', 'xyz'],
      [
        'clients',
        'add',
        '--name',
        'X',
        '--redirect-uri',
        'https://a.example.test/cb',
        '--public',
        '--auth-method',
        'client_secret_post',
      ],
      [
        'clients',
        'add',
        '--name',
        'X',
        '--redirect-uri',
        'https://a.example.test/cb',
        '--auth-method',
        'private_key_jwt',
      ],
      [
        'clients',
        'add',
        '--name',
        'X',
        '--redirect-uri',
        'https://a.example.test/cb',
        '--id-token-alg',
        'HS256',
      ],
      ['clients', 'show'],
      ['clients', 'remove', 'hub_x'],
      ['clients', 'rotate-secret', 'hub_x', '--grace', '30d'],
    ])
      expect((await run(argv, env)).code, argv.join(' ')).toBe(64);
    expect((await createOidcClientQueries(database.db).list()).length).toBe(before);
    expect((await run(['clients', 'show', 'hub_nobody'], env)).code).toBe(1);
    expect(
      (
        await run(
          ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://a.example.test/cb', '--tid', '4040'],
          env,
        )
      ).code,
    ).toBe(1);
  });

  it('rotate-secret replaces the secret, keeping the old one for the grace; remove deletes the client', async () => {
    const added = await run(
      ['clients', 'add', '--name', 'Rot', '--redirect-uri', 'https://rot.example.test/cb'],
      env,
    );
    const clientId = clientIdIn(added.out)!;
    const [first] = secretsIn(added.out);
    const at = Date.UTC(2026, 10, 21, 12);
    const rotated = await run(['clients', 'rotate-secret', clientId, '--grace', '24h'], env, () => at);
    expect(rotated.code).toBe(0);
    const [second] = secretsIn(rotated.out);
    expect(second).not.toBe(first);
    const clients = createOidcClientQueries(database.db);
    expect(await clients.find(clientId)).toMatchObject({
      secret_hash: sha256(second!),
      previous_secret_hash: sha256(first!),
      previous_secret_expires_at: at + 24 * 3600_000,
    });
    const shown = await run(['clients', 'show', clientId], env, () => at);
    expect(shown.out).toContain('previous secret     works until 2026-11-22T12:00:00.000Z');

    const now = await run(['clients', 'rotate-secret', clientId], env, () => at + 1000);
    expect(await clients.find(clientId)).toMatchObject({
      secret_hash: sha256(secretsIn(now.out)[0]!),
      previous_secret_hash: null,
    });

    const publicId = clientIdIn(
      (
        await run(
          ['clients', 'add', '--name', 'P', '--redirect-uri', 'https://p.example.test/cb', '--public'],
          env,
        )
      ).out,
    )!;
    expect((await run(['clients', 'rotate-secret', publicId], env)).code).toBe(1);

    expect((await run(['clients', 'remove', clientId, '--yes'], env)).code).toBe(0);
    expect(await clients.find(clientId)).toBeUndefined();
    expect((await run(['clients', 'remove', clientId, '--yes'], env)).code).toBe(1);
  });

  it('prints the secret alone on its own line, and JSON with --json on every subcommand', async () => {
    const text = await run(
      ['clients', 'add', '--name', 'Text', '--redirect-uri', 'https://t.example.test/cb'],
      env,
    );
    const [secret] = secretsIn(text.out);
    expect(text.out.split('\n')).toContain(secret);

    const added = await run(
      ['clients', 'add', '--name', 'Json', '--redirect-uri', 'https://j.example.test/cb', '--json'],
      env,
    );
    expect(added.code).toBe(0);
    const { client_id: clientId, client_secret: clientSecret } = JSON.parse(added.out);
    expect(clientId).toMatch(/^hub_/);
    expect(clientSecret).toMatch(/^hubsecret_/);

    const shown = JSON.parse((await run(['clients', 'show', clientId, '--json'], env)).out);
    expect(shown).toMatchObject({
      client_id: clientId,
      name: 'Json',
      has_secret: true,
      grant_types: ['authorization_code', 'refresh_token'],
      scopes: null,
      application_type: 'web',
      security_profile: null,
    });
    expect(JSON.stringify(shown)).not.toContain(sha256(clientSecret));
    const listed = JSON.parse((await run(['clients', 'list', '--json'], env)).out) as { client_id: string }[];
    expect(listed.map((c) => c.client_id)).toContain(clientId);
    const rotated = JSON.parse(
      (await run(['clients', 'rotate-secret', clientId, '--grace', '1h', '--json'], env)).out,
    );
    expect(rotated).toMatchObject({
      client_id: clientId,
      client_secret: expect.stringMatching(/^hubsecret_/),
    });
    expect(rotated.previous_secret_valid_until).toBeTruthy();
    const updated = await run(
      ['clients', 'update', clientId, '--scopes', 'openid email psl:read', '--json'],
      env,
    );
    expect(JSON.parse(updated.out).scopes).toEqual(['openid', 'email', 'psl:read']);
    // Redirect URIs and first-party, as the console changes them, by the same checks.
    const moved = await run(
      [
        'clients',
        'update',
        clientId,
        '--redirect-uri',
        'https://clinic.example.ph/cb2',
        '--first-party',
        '--json',
      ],
      env,
    );
    expect(JSON.parse(moved.out)).toMatchObject({
      redirect_uris: ['https://clinic.example.ph/cb2'],
      first_party: true,
    });
    expect(
      (await run(['clients', 'update', clientId, '--redirect-uri', 'https://*.example.ph/cb'], env)).code,
    ).toBe(64);
    expect((await run(['clients', 'update', clientId, '--first-party', '--third-party'], env)).code).toBe(64);
    expect(JSON.parse((await run(['clients', 'remove', clientId, '--yes', '--json'], env)).out)).toEqual({
      client_id: clientId,
      removed: true,
    });
  });

  it('registers servers, devices, native apps and fapi2 clients, and refuses what cannot work', async () => {
    const server = await run(
      [
        'clients',
        'add',
        '--name',
        'Sync',
        '--grant-type',
        'client_credentials',
        '--scopes',
        'psl:read',
        '--json',
      ],
      env,
    );
    expect(server.code).toBe(0);
    const serverRow = await createOidcClientQueries(database.db).find(JSON.parse(server.out).client_id);
    expect(serverRow).toMatchObject({
      grant_types: '["client_credentials"]',
      scopes: 'psl:read',
      redirect_uris: '[]',
    });

    const device = await run(
      ['clients', 'add', '--name', 'TV', '--public', '--grant-type', 'device_code', '--json'],
      env,
    );
    expect(JSON.parse(device.out).client_secret).toBeNull();

    const native = await run(
      [
        'clients',
        'add',
        '--name',
        'POS',
        '--native',
        '--public',
        '--redirect-uri',
        'http://127.0.0.1/callback',
        '--redirect-uri',
        'http://[::1]/callback',
        '--redirect-uri',
        'com.example.pos:/cb',
      ],
      env,
    );
    expect(native.code).toBe(0);

    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const keys = join(dir, 'fapi.json');
    writeFileSync(keys, JSON.stringify({ keys: [await exportJWK(publicKey)] }));
    const fapi = await run(
      [
        'clients',
        'add',
        '--name',
        'Wallet',
        '--redirect-uri',
        'https://wallet.example.test/cb',
        '--auth-method',
        'private_key_jwt',
        '--jwks-file',
        keys,
        '--profile',
        'fapi2',
      ],
      env,
    );
    expect(fapi.code).toBe(0);

    for (const argv of [
      ['--name', 'X', '--scopes', 'openid admin'],
      ['--name', 'X', '--redirect-uri', 'https://x.example.test/cb', '--grant-type', 'password'],
      ['--name', 'X', '--public', '--grant-type', 'client_credentials'],
      ['--name', 'X', '--grant-type', 'client_credentials', '--redirect-uri', 'https://x.example.test/cb'],
      ['--name', 'X', '--redirect-uri', 'https://x.example.test/cb', '--profile', 'fapi2'],
      ['--name', 'X', '--native', '--public', '--redirect-uri', 'http://localhost/cb'],
      ['--name', 'X', '--native', '--public', '--redirect-uri', 'http://127.0.0.1:8080/cb'],
      ['--name', 'X', '--native', '--public', '--redirect-uri', 'myapp:/cb'],
      ['--name', 'X'],
    ])
      expect((await run(['clients', 'add', ...argv], env)).code, argv.join(' ')).toBe(64);
  });

  it('writes each change with its audit row as the console does: via cli, no operator, the --reason', async () => {
    const audited = (argv: string[]) => runHubCliAudited(database, argv, env);
    const expectRow = (
      result: Awaited<ReturnType<typeof audited>>,
      event: string,
      reason: string,
      detail: Record<string, unknown>,
    ) => {
      expect(result.code, result.err).toBe(0);
      expect(result.audit).toHaveLength(1);
      expect(result.audit[0]).toMatchObject({
        event,
        outcome: 'success',
        ip: null,
        operator: null,
        tool: null,
      });
      expect(result.audit[0]!.detail).toEqual({ operator: null, via: 'cli', reason, ...detail });
    };

    const added = await audited([
      'clients',
      'add',
      '--name',
      'Audited App',
      '--redirect-uri',
      'https://audited.example.test/cb',
      '--reason',
      'ticket 88',
      '--json',
    ]);
    const clientId = (JSON.parse(added.out) as { client_id: string }).client_id;
    expectRow(added, 'admin.client_registered', 'ticket 88', { client: clientId, name: 'Audited App' });

    const updated = await audited([
      'clients',
      'update',
      clientId,
      '--name',
      'Audited App 2',
      '--first-party',
      '--reason',
      'renamed',
    ]);
    expect(updated.out).toBe(`Updated client ${clientId} (Audited App 2).\n`);
    expectRow(updated, 'admin.client_updated', 'renamed', { client: clientId, fields: 'name first_party' });

    const at = Date.UTC(2026, 10, 21, 12);
    const rotated = await runHubCliAudited(
      database,
      ['clients', 'rotate-secret', clientId, '--grace', '24h', '--reason', 'leaked'],
      env,
      () => at,
    );
    expectRow(rotated, 'admin.client_secret_rotated', 'leaked', {
      client: clientId,
      previousUntil: '2026-11-22T12:00:00.000Z',
    });

    // Without --reason the row says it came from the command line.
    const removed = await audited(['clients', 'remove', clientId, '--yes']);
    expect(removed.out).toBe(`Removed client ${clientId} (Audited App 2).\n`);
    expectRow(removed, 'admin.client_removed', 'command line', { client: clientId, name: 'Audited App 2' });

    // A refused change leaves no row.
    const publicId = clientIdIn(
      (
        await run(
          [
            'clients',
            'add',
            '--name',
            'Audited public',
            '--redirect-uri',
            'https://ap.example.test/cb',
            '--public',
          ],
          env,
        )
      ).out,
    )!;
    for (const [argv, code] of [
      [['clients', 'add', '--name', 'X', '--redirect-uri', 'https://x.example.test/cb', '--tid', '4999'], 1],
      [['clients', 'update', 'hub_nobody', '--name', 'X'], 1],
      [['clients', 'update', publicId, '--redirect-uri', 'http://x.example.test/cb'], 64],
      [['clients', 'rotate-secret', 'hub_nobody'], 1],
      [['clients', 'rotate-secret', publicId], 1],
      [['clients', 'remove', clientId, '--yes'], 1],
    ] as const) {
      const refused = await audited([...argv, '--reason', 'should leave nothing']);
      expect(refused.code, `${argv.join(' ')}: ${refused.err}`).toBe(code);
      expect(refused.audit, argv.join(' ')).toEqual([]);
    }
    const unknownTool = await run(
      ['clients', 'add', '--name', 'X', '--redirect-uri', 'https://x.example.test/cb', '--tid', '4999'],
      env,
    );
    expect(unknownTool.err).toBe('No tool with tid 4999.\n');
    expect((await run(['clients', 'rotate-secret', publicId], env)).err).toBe(
      `Client ${publicId} has no secret (public).\n`,
    );

    // The reason is held to the console's length; a longer one is bad usage.
    const long = await audited([
      'clients',
      'update',
      publicId,
      '--name',
      'Long',
      '--reason',
      'x'.repeat(501),
    ]);
    expect(long).toMatchObject({ code: 64, audit: [] });
    expect(long.err).toContain('--reason is too long');
  });
});
