import { describe, expect, it } from 'vitest';
import type { FileDetail, FilePin, FileSummary } from '../../../../shared/contracts/files';
import { withPin } from './files-data';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const version = (n: number) => ({
  id: uuid(100 + n),
  number: n,
  name: 'Logo.png',
  sizeBytes: 1000,
  sha256: 'ab'.repeat(32),
  mimeType: 'image/png',
  kind: 'image' as const,
  uploadedBy: { type: 'provider' as const, name: 'Ada' },
  createdAt: '2026-01-01T12:00:00.000Z',
  preview: { status: 'ready' as const, pageCount: 1, width: 800, height: 600 },
});
function summary(n: number, patch: Partial<FileSummary> = {}): FileSummary {
  return {
    id: uuid(n),
    name: `File ${n}`,
    project: { id: uuid(900), name: 'Website' },
    client: { id: uuid(800), name: 'Grace' },
    status: 'pending_review',
    uploadedBy: 'provider',
    latestVersion: version(1),
    allowedDecisions: ['client_approved', 'client_rejected', 'revision_requested'],
    canUploadVersion: false,
    pinCount: 0,
    createdAt: '2026-01-01T12:00:00.000Z',
    updatedAt: '2026-01-01T12:00:00.000Z',
    ...patch,
  };
}
const pin = (n: number, versionId: string): FilePin => ({
  id: uuid(500 + n),
  versionId,
  versionNumber: 1,
  page: 1,
  x: 0.5,
  y: 0.25,
  body: 'Larger, please',
  author: { type: 'client', name: 'Grace' },
  mine: true,
  decisionId: null,
  createdAt: '2026-01-01T12:05:00.000Z',
});

describe('the portal’s files in its data store', () => {
  it('adds the client’s pin once, counting it on the latest version only', () => {
    const file = summary(1, { latestVersion: version(2) });
    const detail: FileDetail = { file, versions: [version(2), version(1)], history: [], pins: [] };
    const onLatest = withPin(detail, pin(1, version(2).id));
    expect(onLatest?.pins).toHaveLength(1);
    expect(onLatest?.file.pinCount).toBe(1);
    expect(withPin(onLatest, pin(1, version(2).id))).toBe(onLatest);
    const onOlder = withPin(onLatest, pin(2, version(1).id));
    expect(onOlder?.pins).toHaveLength(2);
    expect(onOlder?.file.pinCount).toBe(1);
  });
});
