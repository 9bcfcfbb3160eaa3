/**
 * The files API's addresses under one base: `/api` for the provider (session cookie), and
 * `/api/portal/{portalId}` for a portal client (bearer token): the same routes answer both audiences.
 * @example const urls = fileUrls('/api'); urls.thumbnail(file.id, file.latestVersion.id)
 */
export function fileUrls(base: string) {
  const file = (fileId: string) => `${base}/files/${encodeURIComponent(fileId)}`;
  const version = (fileId: string, versionId: string) =>
    `${file(fileId)}/versions/${encodeURIComponent(versionId)}`;
  return {
    list: `${base}/files`,
    /** Upload a new file into a project (multipart, field `file`). */
    projectUpload: (projectId: string) => `${base}/projects/${encodeURIComponent(projectId)}/files`,
    file,
    /** Upload a new version (multipart, field `file`). */
    versions: (fileId: string) => `${file(fileId)}/versions`,
    decisions: (fileId: string) => `${file(fileId)}/decisions`,
    pins: (fileId: string) => `${file(fileId)}/pins`,
    download: (fileId: string, versionId: string) => `${version(fileId, versionId)}/download`,
    thumbnail: (fileId: string, versionId: string) => `${version(fileId, versionId)}/thumbnail`,
    page: (fileId: string, versionId: string, page: number) => `${version(fileId, versionId)}/pages/${page}`,
    annotated: (fileId: string, versionId: string) => `${version(fileId, versionId)}/annotated`,
    approvalRecord: (fileId: string, versionId: string) => `${version(fileId, versionId)}/approval-record`,
  };
}

export type FileUrls = ReturnType<typeof fileUrls>;
