#!/usr/bin/env node
// `npm test`: type-check, lint, build, unit + integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests; closes with one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const run = (label, command, args) => {
  process.stdout.write(`\n▶ ${label}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  process.stdout.write(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return ok;
};

const stages = [];
const stage = (label, command, args) => {
  const ok = run(label, command, args);
  stages.push({ label, ok });
  return ok;
};

const onlyE2e = process.argv.includes('--e2e');
const skipE2e = process.argv.includes('--no-e2e');
const built =
  onlyE2e ||
  (stage('type-check', 'npm', ['run', '--silent', 'typecheck']) &&
    stage('build web', 'npm', ['run', '--silent', 'build', '-w', '@hub/web']) &&
    stage('bundle server', 'npm', ['run', '--silent', 'bundle', '-w', '@hub/server']));
if (!onlyE2e) stage('lint', 'npx', ['biome', 'check', '.']);
const vitest = (label, projects, file) =>
  stage(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, file)}`,
  ]);
if (!onlyE2e) vitest('unit + integration', ['core', 'server', 'web'], 'unit.json');
if (!skipE2e && built) vitest('browser', ['e2e'], 'e2e.json');

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['unit.json', 'e2e.json']) {
  const path = join(reports, file);
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const failedStages = stages.filter((s) => !s.ok).map((s) => s.label);
process.stdout.write(`\nStages: ${stages.map((s) => `${s.label} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}\n`);
if (!process.env.TEST_DATABASE_URL)
  process.stdout.write('Note: TEST_DATABASE_URL is unset, so PostgreSQL was not tested.\n');
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStages.length === 0 && failed === 0 && passed > 0 ? 0 : 1);
