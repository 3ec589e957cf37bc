import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config.js';

/**
 * An operator learns the hub's variables from `.env.example` and docs/configuration.md. A variable
 * added to config.ts but to neither is one nobody sets; a value in `.env.example` that differs
 * from the default misleads whoever copies the file. These checks keep both in step with the code.
 */

const root = resolve(import.meta.dirname, '../../..');
const envExample = readFileSync(join(root, '.env.example'), 'utf8');
const configurationDoc = readFileSync(join(root, 'docs/configuration.md'), 'utf8');

/**
 * Read by something other than config.ts: bin/serve.cjs (threads), services/passwords.ts (which
 * Argon2id) and scripts/start.mjs (demo tool).
 */
const readElsewhere = ['UV_THREADPOOL_SIZE', 'HUB_ARGON2', 'DEMO_TOOL', 'OIDC_EXAMPLE'];

/** `NAME=value` lines, and `# NAME=` lines left commented out on purpose. */
const exampleAssignments = [...envExample.matchAll(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => ({
  commented: match[1] !== undefined,
  name: match[2]!,
  value: match[3]!,
}));

/** Variables in backticks in the rows of the documentation's tables. */
const documented = new Set(
  configurationDoc
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...line.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
);

describe('the configuration documentation', () => {
  it('lists every variable config.ts reads in .env.example', () => {
    const listed = new Set(exampleAssignments.map((a) => a.name));
    expect(configVariables.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every variable config.ts reads in a table of docs/configuration.md', () => {
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names nothing in .env.example that the hub does not read', () => {
    const known = new Set([...configVariables, ...readElsewhere]);
    expect(exampleAssignments.map((a) => a.name).filter((name) => !known.has(name))).toEqual([]);
  });

  it('shows the defaults in .env.example: loading it as it stands changes nothing', () => {
    const env = Object.fromEntries(
      exampleAssignments
        .filter((a) => !a.commented && configVariables.includes(a.name))
        .map((a) => [a.name, a.value]),
    );
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
