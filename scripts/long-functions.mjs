#!/usr/bin/env node
// Lists the non-test functions of the code base with their length in lines, longest first
// (issue #31: no non-test function over 120 lines outside migrations and query factories).
//
//   node scripts/long-functions.mjs            every function over 60 lines
//   node scripts/long-functions.mjs --over 120 those over 120 lines
//   node scripts/long-functions.mjs --json     every function, as JSON
//
// A function is a declaration, a function expression, an arrow, a method, a constructor or an
// accessor (a React component is one of these); nested functions count on their own, and an
// outer function's lines include its inner ones. apps/server/src/function-size.test.ts holds the
// limit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where the code lives (tests and test support excluded below). */
export const SCANNED = [
  'apps/server/src',
  'apps/web/src',
  'packages/core/src',
  'examples',
  'scripts',
  'bench',
];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'results', 'test-support']);

/** Test files, declaration files, and the migrations (one long schema step each, by design). */
const excludedFile = (path) =>
  /\.test\.(ts|tsx|mts|js|mjs)$/.test(path) ||
  /\.d\.(ts|mts|cts)$/.test(path) ||
  path.startsWith('apps/server/src/storage/migrations/');

/** The query factories (`createAccountQueries(db)`): a table group's SQL, one object literal each. */
const excludedFunction = (path, name) =>
  path.startsWith('apps/server/src/storage/') && /^create\w*Queries$/.test(name);

const sourceFiles = (root, folder) => {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (SOURCE.test(entry.name) && !excludedFile(path)) found.push(path);
    }
  };
  walk(folder);
  return found;
};

const scriptKindOf = (path) => {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?ts$/.test(path)) return ts.ScriptKind.TS;
  return ts.ScriptKind.JS;
};

/** What a reader calls the function: its own name, or the variable, property or call it sits in. */
const nameOf = (node) => {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && (ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name)))
    return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText().slice(0, 60);
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    // A component wrapped in memo/forwardRef takes the name of the variable it is assigned to.
    const holder = parent.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name))
      return `${holder.name.text} (${callee})`;
    return `(callback of ${callee.slice(0, 50)})`;
  }
  return '(anonymous)';
};

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every function of one file, with its first line and its length in lines. */
export const functionsOf = (path, text) => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path));
  const functions = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const name = nameOf(node);
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (!excludedFunction(path, name))
        functions.push({ file: path, name, line: start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return functions;
};

/** Every non-test function of the scanned folders, longest first. */
export const listFunctions = (root = repoRoot) => {
  const all = [];
  for (const folder of SCANNED)
    for (const path of sourceFiles(root, folder))
      all.push(...functionsOf(path.split(sep).join('/'), readFileSync(join(root, path), 'utf8')));
  return all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
};

const main = () => {
  const args = process.argv.slice(2);
  const functions = listFunctions();
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(functions, null, 2)}\n`);
    return;
  }
  const overAt = args.indexOf('--over');
  const limit = overAt >= 0 ? Number(args[overAt + 1]) : 60;
  const long = functions.filter((f) => f.lines > limit);
  for (const f of long)
    process.stdout.write(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}\n`);
  process.stdout.write(`${long.length} of ${functions.length} functions over ${limit} lines\n`);
};

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') main();
