import { useEffect } from 'react';
import { ApiError } from '../../../../shared/api/error';
import type {
  FileDecisionInput,
  FileDetail,
  FilePin,
  FilePinInput,
  FileStatus,
  FileSummary,
} from '../../../../shared/contracts/files';
import { call } from '../../api/portal-api';
import { useI18n } from '../../i18n/i18n-context';
import { store, useData } from '../data-store';
import { portalKeys } from '../portal-data';
import { announceFileStatus } from './file-events';

/*
 * The client's files in the portal's data store (issue 20): lists per filter (the Files page, a project's
 * page) and one file with its versions, history and pins. A decision or a pin answers with the file as it
 * is now, which replaces it in the store at once; the lists load again behind it. Live uploads and
 * decisions (the realtime socket, the notification refresh) load everything of the files again
 * (`file-events.ts`).
 */

/** Files fetched per list: a client's projects rarely hold more (the page says so when there are). */
export const FILES_PAGE_SIZE = 100;

/** While a version's preview is being made, the file is asked for again this often. */
export const PREVIEW_POLL_MS = 2000;

export interface FileFilter {
  projectId?: string | undefined;
  status?: FileStatus | undefined;
}

/** The client's files under `filter`, most recently changed first. */
export function useFileList(portalId: string, filter: FileFilter) {
  const { t } = useI18n();
  const key = portalKeys.fileList(portalId, filter.projectId ?? '', filter.status ?? '');
  const list = useData(key, () =>
    call(
      (api) =>
        api.GET('/api/portal/{portalId}/files', {
          params: {
            path: { portalId },
            query: {
              ...(filter.projectId ? { projectId: filter.projectId } : {}),
              ...(filter.status ? { status: filter.status } : {}),
              sort: 'updatedAt',
              order: 'desc',
              limit: FILES_PAGE_SIZE,
            },
          },
        }),
      t('errors.network'),
    ),
  );
  // Thumbnails being made (a fresh upload): the list comes again until they are there.
  usePreviewPolling(key, list.data?.items.some(previewPending) ?? false);
  return list;
}

/** Whether a version's previews are still being made. */
export const previewPending = (file: FileSummary | undefined) =>
  file?.latestVersion.preview.status === 'pending';

/**
 * Keeps asking for `key` every two seconds while `pending` (a preview being made after an upload), so
 * the thumbnail and the pages appear without a reload.
 */
export function usePreviewPolling(key: readonly string[], pending: boolean): void {
  const id = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` stands for `key`
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void store.fetch(key), PREVIEW_POLL_MS);
    return () => window.clearInterval(timer);
  }, [id, pending]);
}

/** One of the client's files (another client's answers 404), polled while its preview is pending. */
export function useFileDetail(portalId: string, fileId: string) {
  const { t } = useI18n();
  const key = portalKeys.file(portalId, fileId);
  const detail = useData(key, () =>
    call(
      (api) => api.GET('/api/portal/{portalId}/files/{fileId}', { params: { path: { portalId, fileId } } }),
      t('errors.network'),
    ),
  );
  usePreviewPolling(key, previewPending(detail.data?.file));
  return detail;
}

/** A file with a new pin of the client's (the pin count of the latest version follows). */
export function withPin(detail: FileDetail | undefined, pin: FilePin): FileDetail | undefined {
  if (!detail || detail.pins.some((other) => other.id === pin.id)) return detail;
  const onLatest = pin.versionId === detail.file.latestVersion.id;
  const file = onLatest ? { ...detail.file, pinCount: detail.file.pinCount + 1 } : detail.file;
  return { ...detail, file, pins: [...detail.pins, pin] };
}

/**
 * The file as the server answered a write: into the store at once (the file and the lists that show
 * it), then the lists load again (their filters and counts may have moved).
 */
export function fileChanged(portalId: string, detail: FileDetail): void {
  store.setData<FileDetail>(portalKeys.file(portalId, detail.file.id), detail);
  store.invalidate([...portalKeys.files(portalId), 'list']);
  store.invalidate(portalKeys.project(portalId, detail.file.project.id));
  store.invalidate(portalKeys.projectActivity(portalId, detail.file.project.id));
}

/** The client's decision on the latest version, with its feedback and pins; tells the widget's page. */
export async function decideOnFile(
  portalId: string,
  fileId: string,
  input: FileDecisionInput,
  network: string,
): Promise<FileDetail> {
  let detail: FileDetail;
  try {
    detail = await call(
      (api) =>
        api.POST('/api/portal/{portalId}/files/{fileId}/decisions', {
          params: { path: { portalId, fileId } },
          body: { ...input, pins: input.pins ?? [] },
        }),
      network,
    );
  } catch (error) {
    // A new version came, or the provider's side moved on: the file as it is now, with the message.
    if (error instanceof ApiError && error.status === 409)
      store.invalidate(portalKeys.file(portalId, fileId));
    throw error;
  }
  fileChanged(portalId, detail);
  announceFileStatus(detail.file.id, detail.file.status);
  return detail;
}

/** A pin of feedback on a point of a version, outside a decision. */
export async function addPin(
  portalId: string,
  fileId: string,
  input: FilePinInput,
  network: string,
): Promise<FilePin> {
  const pin = await call(
    (api) =>
      api.POST('/api/portal/{portalId}/files/{fileId}/pins', {
        params: { path: { portalId, fileId } },
        body: input,
      }),
    network,
  );
  store.setData<FileDetail>(portalKeys.file(portalId, fileId), (old) => withPin(old, pin));
  store.invalidate([...portalKeys.files(portalId), 'list']);
  return pin;
}

/** After uploads (new files or versions): everything of the files loads again. */
export function filesUploaded(portalId: string, projectIds: Iterable<string>): void {
  store.invalidate(portalKeys.files(portalId));
  for (const projectId of new Set(projectIds)) {
    store.invalidate(portalKeys.projectActivity(portalId, projectId));
  }
}
