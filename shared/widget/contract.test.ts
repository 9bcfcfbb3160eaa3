import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Every TypeScript file under `dir` (no dependencies, no build output). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the widget’s public contract', () => {
  it('is imported from shared/widget: no other part imports the runtime (embed/widget)', () => {
    const parts = ['api', 'host', 'remotes', 'shared', 'shell', 'embed/portal', 'tests'].map((part) =>
      join(ROOT, part),
    );
    const files = parts.flatMap((dir) => {
      try {
        return sources(dir);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const runtime = join(ROOT, 'embed/widget');
    const offenders = files.filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)].some(([, spec]) =>
        `${resolve(dirname(file), spec ?? '')}/`.startsWith(`${runtime}/`),
      ),
    );
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('has one copy of the magic-link fragment format (the API uses the shared one)', () => {
    const api = sources(join(ROOT, 'api')).filter((file) => !file.endsWith('.test.ts'));
    const copies = api.filter((file) =>
      /['"]cp_magic['"]|['"]cp_portal['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(copies.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
