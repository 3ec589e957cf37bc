import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documentation is read on GitHub and in a clone, where a dead link is the first thing a new
 * operator or partner meets. Every relative link in the Markdown must reach a file of the
 * repository, the docs index must list every page, and a code comment that sends the reader to a
 * page of docs/ (and a section of it, in quotes after the name) must name ones that exist.
 */

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const docsPages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort();
const markdownFiles = [
  'README.md',
  'examples/demo-tool/README.md',
  ...docsPages.map((name) => `docs/${name}`),
];

/** `[text](target)` outside fenced code blocks; absolute URLs and in-page anchors are not files. */
const relativeLinks = (markdown: string): string[] =>
  [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));

const headings = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').toLowerCase());

const codeFiles = (directory: string): string[] => {
  const absolute = join(root, directory);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(directory, name);
    if (statSync(join(root, path)).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(name) ? [path] : [];
  });
};

describe('documentation links', () => {
  it.each(markdownFiles)('every relative link in %s reaches a file', (file) => {
    const dead = relativeLinks(read(file)).filter((target) => {
      const path = decodeURIComponent(target.split('#')[0]!);
      return path !== '' && !existsSync(resolve(root, dirname(file), path));
    });
    expect(dead).toEqual([]);
  });

  it('the docs index links every page of docs/, and the README links the index', () => {
    const indexed = new Set(relativeLinks(read('docs/README.md')).map((target) => target.split('#')[0]));
    const unlisted = docsPages.filter((name) => name !== 'README.md' && !indexed.has(name));
    expect(unlisted).toEqual([]);
    expect(relativeLinks(read('README.md'))).toContain('docs/README.md');
  });

  it('every docs page a code comment names exists, with the section it names', () => {
    const files = ['apps/server/src', 'apps/server/bin', 'apps/web/src', 'packages/core/src']
      .concat(['e2e', 'bench', 'scripts', 'examples'])
      .flatMap(codeFiles);
    const broken: string[] = [];
    for (const file of files) {
      for (const match of read(file).matchAll(/docs\/([a-z-]+\.md)(?:,? "([^"]+)")?/g)) {
        const [reference, page, section] = match;
        const path = join('docs', page!);
        if (!existsSync(join(root, path))) broken.push(`${file}: ${reference}`);
        else if (section && !headings(read(path)).some((h) => h.includes(section.toLowerCase())))
          broken.push(`${file}: ${reference} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
