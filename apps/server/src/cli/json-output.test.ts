import { describe, expect, it } from 'vitest';
import { authenticateTool } from '../sso/credentials.js';
import { createToolQueries } from '../storage/tools.js';
import { runHubCli, useCliDatabase } from '../test-support/cli.js';
import { testDialects } from '../test-support/databases.js';

/** A script's view: stdout is one JSON document and nothing else. */
const parsed = (result: { code: number; out: string; err: string }) => {
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out) as Record<string, unknown>;
};

describe.each(testDialects)('--json on hub tools, keys, webhooks, cleanup and migrate on %s', (dialect) => {
  const cli = useCliDatabase(dialect);
  const run = (argv: string[]) => runHubCli(argv, cli.env);

  it('tools: a new credential once, as a field, that authenticates; list and show as data', async () => {
    const added = await run([
      'tools',
      'add',
      '--tid',
      '5101',
      '--name',
      'Json Tool',
      '--type',
      '2',
      '--json',
    ]);
    const tool = parsed(added);
    expect(tool).toMatchObject({ tid: 5101, name: 'Json Tool', type: 2 });
    expect(tool.credential).toMatch(/^hubtool_5101_/);
    // Once: the text that says so goes to stderr, without the credential.
    expect(added.out.split(tool.credential as string)).toHaveLength(2);
    expect(added.err).toContain('cannot show it again');
    expect(added.err).not.toContain(tool.credential);
    const tools = createToolQueries(cli.database.db);
    expect((await authenticateTool(tools, tool.credential as string, Date.now()))?.tid).toBe(5101);

    parsed(await run(['tools', 'add-key', '5101', 'JSON_TOOL_KEY', '--json']));
    parsed(
      await run([
        'tools',
        'set-callback',
        '5101',
        '--env',
        'production',
        '--url',
        'https://json.example.ph/cb',
        '--json',
      ]),
    );
    const listed = parsed(await run(['tools', 'list', '--json']));
    expect(listed.tools).toContainEqual({
      tid: 5101,
      name: 'Json Tool',
      type: 2,
      tsaKeys: ['JSON_TOOL_KEY'],
    });
    const shown = parsed(await run(['tools', 'show', '5101', '--json']));
    expect(shown).toMatchObject({
      tid: 5101,
      credentialSet: true,
      tsaKeys: ['JSON_TOOL_KEY'],
      callbacks: [{ env: 'production', name: 'auth', position: 0, url: 'https://json.example.ph/cb' }],
    });
    expect(JSON.stringify(shown)).not.toContain('hubtool_');

    const rotated = parsed(await run(['tools', 'rotate-credential', '5101', '--grace', '30m', '--json']));
    expect(rotated.credential).toMatch(/^hubtool_5101_/);
    expect(rotated.credential).not.toBe(tool.credential);
    expect(rotated.previousCredentialWorksUntil).toEqual(expect.any(Number));
    // In text, the credential stands alone on its line: a script can take it without trimming.
    const text = await run(['tools', 'rotate-credential', '5101']);
    expect(text.out.split('\n')).toContainEqual(expect.stringMatching(/^hubtool_5101_[A-Za-z0-9_-]+$/));
    expect(parsed(await run(['tools', 'remove', '5101', '--yes', '--json']))).toMatchObject({
      removed: true,
    });
  });

  it('a refusal prints no JSON: stdout stays empty, the message and exit code are as without --json', async () => {
    const missing = await run(['tools', 'show', '5999', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.out).toBe('');
    expect(missing.err).toContain('No tool with tid 5999');
  });

  it('keys, webhooks, cleanup and migrate', async () => {
    const rotated = parsed(await run(['keys', 'rotate', '--json']));
    expect(rotated.kid).toEqual(expect.any(String));
    const keys = parsed(await run(['keys', 'list', '--json']));
    expect(keys.keys).toContainEqual(expect.objectContaining({ kid: rotated.kid, alg: 'ES256' }));
    expect(JSON.stringify(keys)).not.toMatch(/"d"|private/);

    const endpoint = parsed(
      await run(['webhooks', 'add', '--platform', 'psl', '--url', 'https://hooks.example.ph/in', '--json']),
    );
    expect(endpoint.secret).toEqual(expect.any(String));
    const endpoints = parsed(await run(['webhooks', 'list', '--json']));
    expect(endpoints.endpoints).toContainEqual(expect.objectContaining({ id: endpoint.id, platform: 'psl' }));
    expect(JSON.stringify(endpoints)).not.toContain(endpoint.secret);
    expect(parsed(await run(['webhooks', 'stats', '--json'])).endpoints).toContainEqual(
      expect.objectContaining({ id: endpoint.id, pending: 0 }),
    );

    const cleanup = parsed(await run(['cleanup', '--dry-run', '--json']));
    expect(cleanup.dryRun).toBe(true);
    expect(cleanup.tables).toContainEqual(expect.objectContaining({ table: 'accounts', rows: 0 }));
    expect(parsed(await run(['migrate', '--json']))).toEqual({ applied: [] });
  });
});
