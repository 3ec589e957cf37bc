import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * On Node 20 (V8 11.3) an object literal that opens with a spread (`{ ...a, b }`) is slow to take
 * any key its source did not have: 1.2–1.6 µs a key where a plain literal takes nanoseconds, and
 * every such object gets a map of its own, so what reads it later goes megamorphic. Taking the
 * pattern out of the look-up's and the login's path made a look-up 15 % cheaper
 * (docs/performance.md "Objects opened by a spread"). These files are on the path of every
 * sign-in request (and the routes that end the other sign-ins); a spread in them goes after the
 * literal's own keys, or names only keys its source has (an override, which is fast), listed below.
 */
const HOT_FILES = [
  'apps/server/src/errors.ts',
  'apps/server/src/flows/caller.ts',
  'apps/server/src/flows/identify.ts',
  'apps/server/src/flows/password-step.ts',
  'apps/server/src/flows/password-check.ts',
  'apps/server/src/flows/flow-record.ts',
  'apps/server/src/flows/login/routes.ts',
  'apps/server/src/flows/login/service.ts',
  'apps/server/src/flows/signup/routes.ts',
  'apps/server/src/flows/switching/routes.ts',
  'apps/server/src/flows/linking/routes.ts',
  'apps/server/src/flows/default-platform/routes.ts',
  'apps/server/src/flows/work-account/routes.ts',
  'apps/server/src/storage/flows.ts',
  'apps/server/src/storage/precompiled.ts',
  'apps/server/src/sso/sign-in-route.ts',
  'apps/server/src/http/request-context.ts',
  'apps/server/src/http/error-handler.ts',
  'apps/server/src/http/session.ts',
  'apps/server/src/services/stuffing.ts',
  'apps/server/src/services/audit.ts',
];

/** Literals that open with a spread and only override keys the source has, by file and opening text. */
const OVERRIDES: ReadonlyArray<{ file: string; text: string }> = [
  { file: 'apps/server/src/flows/password-check.ts', text: '{ ...account, failed_password_count: 0' },
  { file: 'apps/server/src/storage/precompiled.ts', text: '{ ...query, parameters }' },
  { file: 'apps/server/src/http/error-handler.ts', text: '{ ...body, message:' },
  { file: 'apps/server/src/http/session.ts', text: '{ ...session, last_seen_at: now }' },
];

const root = join(import.meta.dirname, '../../..');

/** Object literals in `text` that open with a spread and have more members after it. */
const spreadOpenings = (file: string, text: string): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.length > 1 &&
      node.properties[0] !== undefined &&
      ts.isSpreadAssignment(node.properties[0])
    ) {
      found.push(node.getText(source).replace(/\s+/g, ' '));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe('object literals on the sign-in path', () => {
  it('finds the pattern it looks for', () => {
    expect(
      spreadOpenings('x.ts', 'const a = { ...b, c: 1 }; const d = { c: 1, ...b }; const e = { ...b };'),
    ).toEqual(['{ ...b, c: 1 }']);
  });

  it('opens no literal with a spread unless it only overrides', () => {
    const slow = HOT_FILES.flatMap((file) =>
      spreadOpenings(file, readFileSync(join(root, file), 'utf8'))
        .filter((text) => !OVERRIDES.some((o) => o.file === file && text.startsWith(o.text)))
        .map((text) => `${file}: ${text.slice(0, 100)}`),
    );
    expect(slow).toEqual([]);
  });

  it('keeps no override that is gone', () => {
    const stale = OVERRIDES.filter(
      (o) =>
        !spreadOpenings(o.file, readFileSync(join(root, o.file), 'utf8')).some((t) => t.startsWith(o.text)),
    );
    expect(stale).toEqual([]);
  });
});
