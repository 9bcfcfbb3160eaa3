import { describe, expect, it } from 'vitest';
import { ProjectStatus } from '../../shared/contracts/projects';
import { PROJECT_STATUSES } from './api';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

/** Flattens nested locale JSON to `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const enKeys = flatten(en as Tree);
const deKeys = flatten(de as Tree);

describe('projects texts (namespace "projects")', () => {
  it('has exactly the same keys in English and German', () => {
    expect([...enKeys.keys()].filter((k) => !deKeys.has(k))).toEqual([]);
    expect([...deKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...enKeys.keys()].filter(
      (k) => placeholders(enKeys.get(k) ?? '').join() !== placeholders(deKeys.get(k) ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('leaves no text empty', () => {
    expect([...enKeys, ...deKeys].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('says the spec §8 texts verbatim in English', () => {
    expect(enKeys.get('toast.created')).toBe('Project created successfully');
    expect(enKeys.get('toast.createFailed')).toBe('Failed to create project');
    expect(enKeys.get('toast.updated')).toBe('Project updated successfully');
    expect(enKeys.get('toast.updateFailed')).toBe('Failed to update project');
    expect(enKeys.get('toast.deleted')).toBe('Project deleted successfully');
    expect(enKeys.get('toast.deleteFailed')).toBe('Failed to delete project');
  });

  it('names every project status of spec §4 in both languages', () => {
    expect([...PROJECT_STATUSES]).toEqual(ProjectStatus.options);
    for (const status of PROJECT_STATUSES) {
      expect(enKeys.has(`status.${status}`)).toBe(true);
      expect(deKeys.has(`status.${status}`)).toBe(true);
    }
  });
});
