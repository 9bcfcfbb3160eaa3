import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Project } from '../contracts/projects';
import { clientKeys } from './clients';
import { OVERVIEW_KEY } from './overview';
import { applyProjectActivity, applyProjectChange, applyProjectDeleted, projectKeys } from './projects';

const PROJECT: Project = {
  id: '5b0c1f4e-0000-4000-8000-000000000001',
  name: 'Brand refresh',
  client: {
    id: '5b0c1f4e-0000-4000-8000-000000000002',
    name: 'Grace Hopper',
    portalId: '5b0c1f4e-0000-4000-8000-000000000003',
  },
  status: 'planning',
  budget: null,
  budgetVisibleToClient: false,
  startDate: null,
  endDate: null,
  description: null,
  internalNotes: null,
  unreadMessages: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const LIST = projectKeys.list({ sort: 'updatedAt', order: 'desc', limit: 50 });

/** A client holding the section's queries (and the overview's and a client's), none stale yet. */
function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(projectKeys.detail(PROJECT.id), PROJECT);
  client.setQueryData(projectKeys.activity(PROJECT.id), { pages: [], pageParams: [] });
  client.setQueryData(LIST, {
    pages: [{ items: [PROJECT], total: 1, nextCursor: null }],
    pageParams: [undefined],
  });
  client.setQueryData(OVERVIEW_KEY, { activeProjects: 1 });
  client.setQueryData([...clientKeys.all, 'detail', PROJECT.client.id], { projects: [] });
  client.setQueryData(projectKeys.detail('another'), { ...PROJECT, id: 'another' });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('live events in the projects cache', () => {
  it('a changed project replaces its page at once and makes lists, feed, totals and clients refetch', async () => {
    const client = seeded();
    await applyProjectChange(client, { ...PROJECT, status: 'completed' });
    expect(client.getQueryData<Project>(projectKeys.detail(PROJECT.id))?.status).toBe('completed');
    expect(stale(client, projectKeys.detail(PROJECT.id))).toBe(false);
    for (const key of [LIST, projectKeys.activity(PROJECT.id), OVERVIEW_KEY])
      expect(stale(client, key)).toBe(true);
    expect(stale(client, [...clientKeys.all, 'detail', PROJECT.client.id])).toBe(true);
    expect(stale(client, projectKeys.detail('another'))).toBe(false);
  });

  it('a new activity row refreshes that project only (its feed, its page) and the lists', async () => {
    const client = seeded();
    await applyProjectActivity(client, PROJECT.id);
    for (const key of [projectKeys.activity(PROJECT.id), projectKeys.detail(PROJECT.id), LIST]) {
      expect(stale(client, key)).toBe(true);
    }
    expect(stale(client, OVERVIEW_KEY)).toBe(false);
    expect(stale(client, projectKeys.detail('another'))).toBe(false);
  });

  it('a deleted project drops its feed and marks its page, the lists and the totals stale', async () => {
    const client = seeded();
    await applyProjectDeleted(client, PROJECT.id);
    expect(client.getQueryState(projectKeys.activity(PROJECT.id))).toBeUndefined();
    for (const key of [projectKeys.detail(PROJECT.id), LIST, OVERVIEW_KEY])
      expect(stale(client, key)).toBe(true);
    expect(stale(client, projectKeys.detail('another'))).toBe(false);
  });

  it('leaves the detail alone while this page is deleting the project (the event can beat the answer)', async () => {
    const client = seeded();
    let finish: () => void = () => {};
    const deletion = client
      .getMutationCache()
      .build(client, {
        mutationKey: projectKeys.deletion,
        mutationFn: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      })
      .execute(PROJECT.id);
    await applyProjectDeleted(client, PROJECT.id);
    expect(stale(client, projectKeys.detail(PROJECT.id))).toBe(false);
    expect(stale(client, LIST)).toBe(true);
    finish();
    await deletion;
  });
});
