import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '../../shared/remotes';
import { idlePreloadedSections, isAvailable, SECTION_GROUPS, visibleGroups } from './sections';

const sections = SECTION_GROUPS.flatMap((group) => group.sections);
const remoteOf = (id: string) => {
  const source = sections.find((s) => s.id === id)?.source;
  return source?.kind === 'remote' ? source.remote : null;
};

describe('the sidebar and the remote registry', () => {
  it('places every remote of the registry exactly once in the sidebar', () => {
    const remotes = sections.flatMap((s) => (s.source.kind === 'remote' ? [s.source.remote] : []));
    expect([...remotes].sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('shows a remote section exactly when its record is available', () => {
    const shown = visibleGroups()
      .flatMap((group) => group.sections)
      .flatMap((s) => (s.source.kind === 'remote' ? [s.source.remote] : []));
    expect(shown).toEqual([
      'clients',
      'projects',
      'files',
      'invoices',
      'calendar',
      'analytics',
      'integrations',
    ]);
    expect(remoteOf('analytics')).toBe('analytics');
  });

  it('preloads on idle the sections whose record says so', () => {
    expect(idlePreloadedSections().map((s) => s.id)).toEqual(['clients', 'projects']);
    expect(idlePreloadedSections().every(isAvailable)).toBe(true);
  });
});
