import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api/call';
import { api } from '../api/client';
import { ApiError } from '../api/error';
import type { paths } from '../api/schema.gen';
import type { FileDecisionInput, FileDetail, FilePinInput, FileSummary } from '../contracts/files';
import { fileKeys } from '../sections/files';
import { useCursorList } from '../ui/use-cursor-list';
import type { UploadRequest } from './upload';
import { fileUrls } from './urls';

/**
 * The dashboard's files data (TanStack Query over the typed client, the provider's session cookie), shared
 * by the files section and the project page's Files tab. Uploads go through the kit's upload queue
 * (XMLHttpRequest for progress), with the cookie: `uploadToProject` / `uploadVersion` build its requests.
 */
export const providerFileUrls = fileUrls('/api');

/** Polls a file's page every 2 s while a version's preview is being made (stops when ready or failed). */
export const PREVIEW_POLL_MS = 2_000;

/** The list's filters and sort as the API takes them (`GET /api/files`; the cursor is the list's own). */
export type FileListParams = Omit<NonNullable<paths['/api/files']['get']['parameters']['query']>, 'cursor'>;

/** The files matching `query`, page by page ("Load more" follows the API's cursor). */
export function useFileList(query: FileListParams) {
  return useCursorList({
    queryKey: fileKeys.list(query),
    fetchPage: (cursor, signal) =>
      callApi(
        api.GET('/api/files', { params: { query: { ...query, ...(cursor ? { cursor } : {}) } }, signal }),
      ),
    // A fresh upload's thumbnail is made in the background: look again until every preview is settled.
    refetchInterval: (pages) =>
      pages.some((page) => page.items.some((file) => file.latestVersion.preview.status === 'pending'))
        ? PREVIEW_POLL_MS
        : false,
  });
}

export function useFileDetail(fileId: string) {
  return useQuery({
    queryKey: fileKeys.detail(fileId),
    queryFn: ({ signal }): Promise<FileDetail> =>
      callApi(api.GET('/api/files/{fileId}', { params: { path: { fileId } }, signal })),
    refetchInterval: (current) =>
      current.state.data?.versions.some((version) => version.preview.status === 'pending')
        ? PREVIEW_POLL_MS
        : false,
  });
}

/** The request of a new file in `projectId` (multipart `file`, session cookie). */
export const uploadToProject = (projectId: string) => (): UploadRequest => ({
  url: providerFileUrls.projectUpload(projectId),
  withCredentials: true,
});

/** The request of a new version of `fileId`. */
export const uploadVersion = (fileId: string) => (): UploadRequest => ({
  url: providerFileUrls.versions(fileId),
  withCredentials: true,
});

/** After a change of one file: its page shows the answer, every list refetches. */
function useFileChanged() {
  const queryClient = useQueryClient();
  return (detail: FileDetail) => {
    queryClient.setQueryData(fileKeys.detail(detail.file.id), detail);
    return queryClient.invalidateQueries({ queryKey: fileKeys.lists });
  };
}

/** What an upload's answer does: a new file refreshes the lists; a new version also its page. */
export function useUploadedFile() {
  const queryClient = useQueryClient();
  const changed = useFileChanged();
  return (data: FileSummary | FileDetail) =>
    'versions' in data ? changed(data) : queryClient.invalidateQueries({ queryKey: fileKeys.lists });
}

export function useRenameFile(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(api.PATCH('/api/files/{fileId}', { params: { path: { fileId } }, body: { name } })),
    onSuccess: (file) => {
      queryClient.setQueryData<FileDetail>(fileKeys.detail(fileId), (old) => (old ? { ...old, file } : old));
      return queryClient.invalidateQueries({ queryKey: fileKeys.lists });
    },
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      callApi(api.DELETE('/api/files/{fileId}', { params: { path: { fileId } } })),
    onSuccess: (_data, fileId) => {
      queryClient.removeQueries({ queryKey: fileKeys.detail(fileId), exact: true });
      return queryClient.invalidateQueries({ queryKey: fileKeys.lists });
    },
  });
}

export function useDecideFile(fileId: string) {
  const queryClient = useQueryClient();
  const changed = useFileChanged();
  return useMutation({
    mutationFn: (body: FileDecisionInput) =>
      callApi(
        api.POST('/api/files/{fileId}/decisions', {
          params: { path: { fileId } },
          body: { ...body, pins: body.pins ?? [] },
        }),
      ),
    onSuccess: (detail: FileDetail) => changed(detail),
    // 409: a new version arrived or the other side decided meanwhile; the page shows what is true now.
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: fileKeys.detail(fileId), exact: true })
        : undefined,
  });
}

export function useAddPin(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FilePinInput) =>
      callApi(api.POST('/api/files/{fileId}/pins', { params: { path: { fileId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.detail(fileId), exact: true }),
  });
}
