import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The code's layering, checked on the source text: a query or an import in the wrong place fails
// here, in the file that adds it, rather than being found later in a review.

const serverSrc = dirname(fileURLToPath(import.meta.url));
const webSrc = resolve(serverSrc, '../../web/src');

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

const sourceFiles = (root: string): string[] =>
  readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** Files of the running code: not tests, not the tests' own helpers. */
const productionFiles = (root: string) =>
  sourceFiles(root).filter((path) => !isTest(path) && !relative(root, path).startsWith('test-support/'));

const serverFiles = productionFiles(serverSrc);
const inServer = (path: string) => relative(serverSrc, path);

// Static imports and re-exports, and dynamic import() (the web app's lazy screens).
const importPattern =
  /(?:\bimport|\bexport)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const importsOf = (source: string) =>
  [...source.matchAll(importPattern)].map((m) => (m[1] ?? m[2]) as string);

/** The file a relative import names ('./x.js' is x.ts on disk; the web app leaves the extension out). */
const resolveImport = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
};

/** Every import cycle among the files, each once, as the chain of files that closes it. */
const cyclesOf = (files: string[]) => {
  const graph = new Map(
    files.map((file) => [
      file,
      importsOf(readFileSync(file, 'utf8'))
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target !== undefined && files.includes(target)),
    ]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
};

describe('SQL lives in storage/', () => {
  const outsideStorage = serverFiles.filter((path) => !inServer(path).startsWith('storage/'));

  it('no file outside storage/ builds a query', () => {
    const builders =
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql`/;
    const offenders = outsideStorage
      .filter((path) => builders.test(readFileSync(path, 'utf8')))
      .map(inServer);
    expect(offenders).toEqual([]);
  });

  it('outside storage/, Kysely is imported for its types only', () => {
    const valueImport = /^import\s+(?!type\b)[^;]*from\s*['"]kysely['"]/m;
    const offenders = outsideStorage
      .filter((path) => valueImport.test(readFileSync(path, 'utf8')))
      .map(inServer);
    expect(offenders).toEqual([]);
  });
});

describe('a request is handed along, never ambient', () => {
  // On Node 20 an AsyncLocalStorage turns on a hook for every promise of the process; the audit's
  // request scope cost the look-up 4–15 %. A flow is handed the request's origin instead
  // (http/request-context.ts originOf; docs/performance.md "The request's origin, handed along").
  it('no server file imports async_hooks', () => {
    const asyncHooks = /(from\s*|require\()['"](node:)?async_hooks['"]/;
    const offenders = serverFiles.filter((path) => asyncHooks.test(readFileSync(path, 'utf8'))).map(inServer);
    expect(offenders).toEqual([]);
  });
});

describe('layers', () => {
  const importing = (folder: string, forbidden: RegExp) =>
    serverFiles
      .filter((path) => inServer(path).startsWith(`${folder}/`))
      .flatMap((path) =>
        importsOf(readFileSync(path, 'utf8'))
          .map((specifier) => resolveImport(path, specifier))
          .filter((target): target is string => target !== undefined && forbidden.test(inServer(target)))
          .map((target) => `${inServer(path)} -> ${inServer(target)}`),
      );

  // A flow ends through the SSO exit (sso/complete-sign-in.ts), so flows/ may use sso/; never back.
  it('sso/ does not import flows/', () => {
    expect(importing('sso', /^flows\//)).toEqual([]);
  });

  // http/ serves mail's dev mailbox and metrics; what both need sits below them (services/html.ts).
  it('mail/ does not import http/', () => {
    expect(importing('mail', /^http\//)).toEqual([]);
  });

  // The server's folders, lowest first: a folder may import from the folders before it, never from
  // one after it (docs/architecture.md "Layers"). The files at the root of src/ (hub.ts, app.ts,
  // config.ts, errors.ts, policy.ts, …) are outside this order; the composition roots among them are
  // imported by no folder (below).
  const folderLayers = [
    'storage',
    'events',
    'services',
    'mail',
    'http',
    'sso',
    'flows',
    'mfa',
    'social',
    'oidc',
    'me',
    // The operator console: it reads and acts through the services below it; cli/ runs its
    // account and operator commands through it.
    'admin',
    'platform-api',
    'cli',
    'demo',
  ];
  // The imports that still point up the layers, each until the change named beside it.
  // The imports that still point up the layers: none. An entry here names one and the change that removes it.
  const knownBackImports: string[] = [];
  const layerOf = (path: string) => folderLayers.indexOf(path.split('/')[0] ?? '');

  it('every server folder is in the layer order', () => {
    const folders = new Set(
      serverFiles
        .map(inServer)
        .filter((p) => p.includes('/'))
        .map((p) => p.split('/')[0]),
    );
    expect([...folders].filter((folder) => layerOf(`${folder}/`) === -1)).toEqual([]);
  });

  it('no folder imports one above it', () => {
    const upward = serverFiles.flatMap((path) => {
      const from = layerOf(inServer(path));
      if (from === -1) return [];
      return importsOf(readFileSync(path, 'utf8'))
        .map((specifier) => resolveImport(path, specifier))
        .filter((target): target is string => target !== undefined && layerOf(inServer(target)) > from)
        .map((target) => `${inServer(path)} -> ${inServer(target)}`);
    });
    expect(upward.filter((edge) => !knownBackImports.includes(edge))).toEqual([]);
    // An entry that no longer happens is taken off the list, so the list only shrinks.
    expect(knownBackImports.filter((edge) => !upward.includes(edge))).toEqual([]);
  });

  it('no folder imports the composition roots (app.ts, main.ts, cli.ts, prepare.ts, cluster.ts)', () => {
    const roots = /^(app|main|cli|prepare|cluster)\.ts$/;
    const offenders = serverFiles
      .filter((path) => inServer(path).includes('/'))
      .flatMap((path) =>
        importsOf(readFileSync(path, 'utf8'))
          .map((specifier) => resolveImport(path, specifier))
          .filter((target): target is string => target !== undefined && roots.test(inServer(target)))
          .map((target) => `${inServer(path)} -> ${inServer(target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the server has no import cycle', () => {
    expect(cyclesOf(serverFiles).map((cycle) => cycle.map(inServer).join(' > '))).toEqual([]);
  });

  it('the web app has no import cycle', () => {
    const webFiles = productionFiles(webSrc);
    expect(
      cyclesOf(webFiles).map((cycle) => cycle.map((path) => relative(webSrc, path)).join(' > ')),
    ).toEqual([]);
  });
});
