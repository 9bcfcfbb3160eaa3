import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STYLES } from './chrome';

/** Every module the runtime is built from: its own and the shared contract it imports. */
const SOURCES = [import.meta.dirname, join(import.meta.dirname, '../../shared/widget')].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file)),
);

describe('the runtime bundle', () => {
  it('never posts to "*", never assigns window.onmessage, never needs !important', () => {
    expect(SOURCES.length).toBeGreaterThan(5);
    for (const file of SOURCES) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/postMessage\([^)]*['"]\*['"]/);
      expect(source, file).not.toMatch(/onmessage\s*=/);
    }
    expect(STYLES).not.toContain('!important');
  });
});
