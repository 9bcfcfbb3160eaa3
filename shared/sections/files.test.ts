import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyFileActivity, fileKeys, isFileActivity } from './files';

describe('applyFileActivity (a live file upload or decision)', () => {
  it('marks every files list and that file’s page stale, and leaves other files alone', async () => {
    const client = new QueryClient();
    client.setQueryData(fileKeys.list({ page: 1 }), { items: [] });
    client.setQueryData(fileKeys.list({ projectId: 'p1' }), { items: [] });
    client.setQueryData(fileKeys.detail('f1'), { file: { id: 'f1' } });
    client.setQueryData(fileKeys.detail('f2'), { file: { id: 'f2' } });

    await applyFileActivity(client, 'f1');

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(fileKeys.list({ page: 1 }))).toBe(true);
    expect(stale(fileKeys.list({ projectId: 'p1' }))).toBe(true);
    expect(stale(fileKeys.detail('f1'))).toBe(true);
    expect(stale(fileKeys.detail('f2'))).toBe(false);
  });

  it('refreshes every file page when the event does not name its file', async () => {
    const client = new QueryClient();
    client.setQueryData(fileKeys.detail('f1'), { file: { id: 'f1' } });
    client.setQueryData(fileKeys.list({ page: 1 }), { items: [] });
    await applyFileActivity(client, undefined);
    expect(client.getQueryState(fileKeys.detail('f1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(fileKeys.list({ page: 1 }))?.isInvalidated).toBe(true);
  });

  it('concerns only the file activity types', () => {
    expect(isFileActivity('file_upload')).toBe(true);
    expect(isFileActivity('file_approval')).toBe(true);
    expect(isFileActivity('message')).toBe(false);
  });
});
