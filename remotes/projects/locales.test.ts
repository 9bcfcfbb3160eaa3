import { describe, expect, it } from 'vitest';
import { ProjectStatus } from '../../shared/contracts/projects';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../shared/i18n/locale-parity';
import { PROJECT_STATUSES } from './api';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

const enKeys = flattenLocale(en as LocaleTree);
const deKeys = flattenLocale(de as LocaleTree);

describe('projects texts (namespace "projects")', () => {
  itKeepsLocaleParity(enKeys, deKeys);

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
