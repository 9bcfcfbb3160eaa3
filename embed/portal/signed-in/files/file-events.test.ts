import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '../../../../shared/contracts/activity';
import type { FileStatus } from '../../../../shared/contracts/files';
import { frameHooks } from '../../embedded/embed-state';
import { store } from '../data-store';
import { portalKeys } from '../portal-data';
import { announceFileStatus, fileActivityArrived } from './file-events';

const portalId = 'portal-1';
const project = { id: 'p1', name: 'Website', clientId: 'c1', clientName: 'Grace' };
let seq = 100;
function item(patch: Partial<ActivityItem> = {}): ActivityItem {
  seq += 1;
  return {
    id: `item-${seq}`,
    seq,
    type: 'file_approval',
    title: `Item ${seq}`,
    description: null,
    createdAt: new Date(2026, 0, 1, 12, seq % 60).toISOString(),
    read: false,
    senderType: 'provider',
    project,
    ...patch,
  };
}
const file = (id: string, status: FileStatus) => ({ id, name: `${id}.pdf`, status });

/** What the frame would post to the embedding page (`frame-reports.ts` sends exactly these). */
function listen() {
  const posted: { fileId: string; status: string }[] = [];
  frameHooks.fileStatusChanged = (fileId, status) => posted.push({ fileId, status });
  return posted;
}

afterEach(() => {
  delete frameHooks.fileStatusChanged;
});

describe('the widget’s file.status_changed from the portal frame', () => {
  it('tells the page each file’s new status from uploads and decisions, oldest first', () => {
    const posted = listen();
    // A refreshed list brings its new items newest first.
    fileActivityArrived(portalId, [
      item({ seq: 12, file: file('f1', 'client_approved') }),
      item({ seq: 11, type: 'message' }),
      item({ seq: 10, type: 'file_upload', file: file('f1', 'pending_review') }),
      item({ seq: 13, type: 'file_upload', senderType: 'client', file: file('f2', 'pending_review') }),
    ]);
    expect(posted).toEqual([
      { fileId: 'f1', status: 'pending_review' },
      { fileId: 'f1', status: 'client_approved' },
      { fileId: 'f2', status: 'pending_review' },
    ]);
  });

  it('tells a status once: the client’s own decision, then its activity item, is one event', () => {
    const posted = listen();
    announceFileStatus('f3', 'revision_requested');
    fileActivityArrived(portalId, [item({ file: file('f3', 'revision_requested') })]);
    expect(posted).toEqual([{ fileId: 'f3', status: 'revision_requested' }]);
    // A new version resets the review; the next decision is news again, even the same one.
    fileActivityArrived(portalId, [item({ type: 'file_upload', file: file('f3', 'pending_review') })]);
    announceFileStatus('f3', 'revision_requested');
    expect(posted.map((p) => p.status)).toEqual([
      'revision_requested',
      'pending_review',
      'revision_requested',
    ]);
  });

  it('posts nothing for other activity, and nothing outside the widget', () => {
    const posted = listen();
    fileActivityArrived(portalId, [item({ type: 'message' }), item({ type: 'invoice_created' })]);
    expect(posted).toEqual([]);
    delete frameHooks.fileStatusChanged;
    expect(() =>
      fileActivityArrived(portalId, [item({ file: file('f4', 'client_rejected') })]),
    ).not.toThrow();
  });

  it('loads the files on screen again when a file activity arrives', async () => {
    const key = portalKeys.fileList(portalId, '', '');
    const fetcher = vi.fn(async () => ({ n: fetcher.mock.calls.length }));
    const stop = store.subscribe(key, () => {});
    await store.ensure(key, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    fileActivityArrived(portalId, [item({ type: 'message' })]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    fileActivityArrived(portalId, [item({ type: 'file_upload', file: file('f5', 'pending_review') })]);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    stop();
  });
});
