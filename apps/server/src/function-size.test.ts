import { describe, expect, it } from 'vitest';
import { functionsOf, listFunctions } from '../../../scripts/long-functions.mjs';

/** Issue #31: no non-test function over this many lines, outside migrations and query factories. */
const LIMIT = 120;

/**
 * Functions over the limit that other work is shrinking, by file and name. Only these may stay over
 * for now; each entry goes when its function is under the limit (the test says so).
 */
const ALLOWED: ReadonlyArray<{ file: string; name: string }> = [];

const allowed = (f: { file: string; name: string }) =>
  ALLOWED.some((a) => a.file === f.file && a.name === f.name);

describe('function size (scripts/long-functions.mjs)', () => {
  const functions = listFunctions();

  it('finds the code base (the scan is not empty)', () => {
    expect(functions.length).toBeGreaterThan(1000);
    expect(functions.some((f) => f.file === 'apps/server/src/app.ts' && f.name === 'buildApp')).toBe(true);
    expect(functions.some((f) => f.file.endsWith('.test.ts'))).toBe(false);
    expect(functions.some((f) => f.file.includes('/test-support/'))).toBe(false);
    expect(functions.some((f) => f.file.includes('/storage/migrations/'))).toBe(false);
  });

  it(`has no non-test function over ${LIMIT} lines`, () => {
    const over = functions
      .filter((f) => f.lines > LIMIT && !allowed(f))
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(over).toEqual([]);
  });

  it('keeps no allowance a function no longer needs', () => {
    const stale = ALLOWED.filter(
      (a) => !functions.some((f) => f.file === a.file && f.name === a.name && f.lines > LIMIT),
    );
    expect(stale).toEqual([]);
  });

  it('counts arrows, methods and components, and leaves query factories out', () => {
    const text = [
      'export const Screen = () => {',
      '  return null;',
      '};',
      'class A {',
      '  method() {',
      '    return 1;',
      '  }',
      '}',
    ].join('\n');
    expect(functionsOf('apps/web/src/x.tsx', text)).toEqual([
      { file: 'apps/web/src/x.tsx', name: 'Screen', line: 1, lines: 3 },
      { file: 'apps/web/src/x.tsx', name: 'method', line: 5, lines: 3 },
    ]);
    const factory = 'export const createThingQueries = (db) => ({ find: () => db });';
    expect(functionsOf('apps/server/src/storage/things.ts', factory).map((f) => f.name)).toEqual(['find']);
    expect(functionsOf('apps/server/src/other/things.ts', factory).map((f) => f.name)).toEqual([
      'createThingQueries',
      'find',
    ]);
  });
});
