import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The parts' import boundaries (README "Architecture"), read from the import graph of every source file:
 * what each part may not import, whatever the kind of import (static, type-only, re-export, dynamic
 * `import()`, `new URL('…', import.meta.url)`). Tests (`*.test.ts`) may cross them: they set worlds up.
 *
 * - host (the provider shell) reaches the sections only through Module Federation and the registry
 *   (`shared/remotes.ts`, `shared/sections/`), and the portal's texts through `shared/portal/`;
 * - a remote is one section: no host code, no portal code, no other remote (what two share is `shared/`);
 *   `remotes/dev/` is the standalone development harness, which mounts any section;
 * - embed (the portal and the widget) never reaches into the dashboard;
 * - shared is below every other part; api is the server, which serves the frontends' builds but never
 *   imports their code.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/** The part a repository path belongs to: `host`, `remotes/<name>`, `embed`, `shared`, `api`, … */
function partOf(path: string): string {
  const [top = '', second = ''] = path.split('/');
  return top === 'remotes' ? `remotes/${second}` : top;
}

/** What `from` may not import (a rule names parts; `remotes/*` is every remote but `from` itself). */
function isForbidden(from: string, to: string): boolean {
  if (from === to) return false;
  const isRemote = (part: string) => part.startsWith('remotes/') && part !== 'remotes/dev';
  if (from === 'host') return isRemote(to) || to === 'remotes/dev' || to === 'embed';
  if (from === 'remotes/dev') return to === 'host' || to === 'embed';
  if (isRemote(from)) return to === 'host' || to === 'embed' || to.startsWith('remotes/');
  if (from === 'embed') return to === 'host' || to.startsWith('remotes/');
  if (from === 'shared') return ['host', 'embed', 'api'].includes(to) || to.startsWith('remotes/');
  if (from === 'api') return to === 'host' || to === 'embed' || to.startsWith('remotes/');
  return false;
}

/** Every relative module a source text refers to (imports of every kind, and `new URL` of a file). */
function referencedModules(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  const specifiers = info.importedFiles.map((file) => file.fileName);
  for (const match of source.matchAll(/new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g)) {
    specifiers.push(match[1] ?? '');
  }
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

/** The source files of a part (tests excluded), as repository paths. */
function sourceFiles(part: string): string[] {
  const folder = join(ROOT, part);
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.split(sep).includes('node_modules'))
    .map((file) => relative(ROOT, join(folder, file)).split(sep).join('/'));
}

/** Every import that crosses a forbidden boundary, as `from-file -> imported path`. */
function violations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const specifier of referencedModules(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), specifier))
        .split(sep)
        .join('/');
      if (isForbidden(partOf(file), partOf(target))) found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

describe('part boundaries (the import graph of every source file)', () => {
  for (const part of ['host', 'remotes', 'embed', 'shared', 'api']) {
    it(`${part} imports nothing it may not`, () => {
      const files = sourceFiles(part);
      expect(files.length).toBeGreaterThan(5);
      expect(violations(files)).toEqual([]);
    });
  }

  it('finds every kind of import', () => {
    const source = [
      "import { a } from '../remotes/projects/keys';",
      "import type { B } from './b';",
      "export { c } from '../c';",
      "const d = () => import('../../embed/portal/d.json');",
      "const e = new URL('./e.ts', import.meta.url);",
      "import 'react';",
    ].join('\n');
    expect(referencedModules(source).sort()).toEqual(
      ['../../embed/portal/d.json', '../c', '../remotes/projects/keys', './b', './e.ts'].sort(),
    );
  });

  it('states the rules of the issue for every part', () => {
    for (const to of ['remotes/projects', 'embed']) expect(isForbidden('host', to), to).toBe(true);
    for (const to of ['host', 'embed', 'remotes/files'])
      expect(isForbidden('remotes/projects', to), to).toBe(true);
    for (const to of ['host', 'remotes/clients']) expect(isForbidden('embed', to), to).toBe(true);
    for (const to of ['host', 'remotes/invoices', 'embed', 'api'])
      expect(isForbidden('shared', to), to).toBe(true);
    for (const to of ['host', 'remotes/files', 'embed']) expect(isForbidden('api', to), to).toBe(true);
    for (const [from, to] of [
      ['host', 'shared'],
      ['remotes/projects', 'shared'],
      ['embed', 'shared'],
      ['api', 'shared'],
      ['remotes/dev', 'remotes/clients'],
      ['remotes/files', 'remotes/files'],
    ]) {
      expect(isForbidden(from ?? '', to ?? ''), `${from} -> ${to}`).toBe(false);
    }
  });
});
