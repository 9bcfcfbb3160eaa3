import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ActivityItem, ActivityType } from '../contracts/activity';
import type { RealtimeEvent } from '../realtime/client';
import { REMOTES } from '../remotes';
import { clientKeys } from './clients';
import { fileKeys } from './files';
import { invoiceKeys } from './invoices';
import { SECTION_LIVE } from './live';
import { OVERVIEW_KEY } from './overview';
import { projectKeys } from './projects';

const PROJECT_ID = '5b0c1f4e-0000-4000-8000-000000000001';

function activity(type: ActivityType, fields: Partial<ActivityItem> = {}): RealtimeEvent {
  return {
    type: 'activity',
    seq: 7,
    item: {
      id: '5b0c1f4e-0000-4000-8000-000000000009',
      seq: 7,
      type,
      title: 'Something happened',
      description: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      read: false,
      senderType: 'client',
      project: { id: PROJECT_ID, name: 'Brand refresh', clientId: 'c1', clientName: 'Grace Hopper' },
      ...fields,
    },
  };
}

/** A cache with a query of every section, none stale. */
function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  const keys = [
    fileKeys.list({}),
    fileKeys.detail('f1'),
    invoiceKeys.list({}),
    invoiceKeys.detail('i1'),
    projectKeys.detail(PROJECT_ID),
    projectKeys.activity(PROJECT_ID),
    clientKeys.detail('c1'),
    OVERVIEW_KEY,
  ];
  for (const key of keys) client.setQueryData(key, {});
  return client;
}

/** Runs every section's effects, as the host's socket does, and lists the keys it made stale. */
async function staleAfter(event: RealtimeEvent): Promise<string[]> {
  const client = seeded();
  for (const section of SECTION_LIVE) section.apply(client, event);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('the sections’ live effects (what the host’s socket does through the registry)', () => {
  it('has one entry per section with effects, in registry order, each under its own key root', () => {
    expect(SECTION_LIVE.map((section) => section.root[0])).toEqual([
      'projects',
      'invoices',
      'files',
      'calendar',
    ]);
    const names = REMOTES.map((remote) => remote.name as string);
    for (const section of SECTION_LIVE) expect(names).toContain(section.root[0]);
  });

  it('a file upload refreshes the files lists and that file’s page, and its project’s feed and page', async () => {
    expect(
      await staleAfter(
        activity('file_upload', { file: { id: 'f1', name: 'logo.png', status: 'pending_review' } }),
      ),
    ).toEqual([
      'files/detail/f1',
      'files/list/[object Object]',
      `projects/activity/${PROJECT_ID}`,
      `projects/detail/${PROJECT_ID}`,
    ]);
  });

  it('an invoice paid refreshes the invoices lists, its page and the overview’s totals', async () => {
    expect(
      await staleAfter(
        activity('invoice_status', { invoice: { id: 'i1', number: 'INV-1', status: 'paid' } }),
      ),
    ).toEqual([
      'invoices/detail/i1',
      'invoices/list/[object Object]',
      'overview',
      `projects/activity/${PROJECT_ID}`,
      `projects/detail/${PROJECT_ID}`,
    ]);
  });

  it('a deleted project refreshes its page, the totals and the clients, and touches no file or invoice', async () => {
    expect(await staleAfter({ type: 'project_deleted', projectId: PROJECT_ID })).toEqual([
      'clients/detail/c1',
      'overview',
      `projects/detail/${PROJECT_ID}`,
    ]);
  });
});
