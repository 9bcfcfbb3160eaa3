import { Download, FileCheck2, MessageSquareText, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FileDetail } from '../../shared/contracts/files';
import {
  uploadVersion,
  providerFileUrls as urls,
  useAddPin,
  useDecideFile,
  useDeleteFile,
  useFileDetail,
  useUploadedFile,
} from '../../shared/files/dashboard-query';
import { DecisionPanel } from '../../shared/files/decision-panel';
import { DownloadLink } from '../../shared/files/download-link';
import { FileUploader } from '../../shared/files/file-uploader';
import { type DraftPin, PinViewer } from '../../shared/files/pin-viewer';
import { FileStatusBadge } from '../../shared/files/status-badge';
import { HistoryTrail, VersionList } from '../../shared/files/version-history';
import { Link, useNavigate, useParams } from '../../shared/router';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { DetailPage } from '../../shared/ui/detail-page';
import { DetailHeader } from '../../shared/ui/page-header';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { RenameFileDialog } from './file-dialogs';
import { useFilesTexts } from './i18n';

type Open = 'rename' | 'delete' | null;

/**
 * One file (`/dashboard/files/:fileId`): its pages with the pins (the provider pins at any time; with a
 * decision open, pins wait and go with it), the decision on a client's upload, downloads (original, with
 * feedback, the approval record), a new version, rename, delete, every version and the history. While a
 * version's preview is being made, the page is read again every 2 s (`useFileDetail`).
 */
export default function FilePage() {
  const { t } = useFilesTexts();
  const { fileId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useFileDetail(fileId);
  useDocumentTitle(detail.data?.file.name ?? t('title'));
  return (
    <DetailPage query={detail} t={(key) => t(key)}>
      {(data) => <FileView detail={data} onDeleted={() => navigate('..', { replace: true })} />}
    </DetailPage>
  );
}

function FileView({ detail, onDeleted }: { detail: FileDetail; onDeleted: () => void }) {
  const { t } = useFilesTexts();
  const { file, versions, history, pins } = detail;
  const [open, setOpen] = useState<Open>(null);
  const [versionId, setVersionId] = useState(file.latestVersion.id);
  const [drafts, setDrafts] = useState<DraftPin[]>([]);
  const addPin = useAddPin(file.id);
  const decide = useDecideFile(file.id);
  const uploaded = useUploadedFile();
  const remove = useDeleteFile();
  // A new version (here or live) moves the view to it.
  const [latestSeen, setLatestSeen] = useState(file.latestVersion.id);
  if (latestSeen !== file.latestVersion.id) {
    setLatestSeen(file.latestVersion.id);
    setVersionId(file.latestVersion.id);
    setDrafts([]);
  }
  const version = versions.find((candidate) => candidate.id === versionId) ?? file.latestVersion;
  const isLatest = version.id === file.latestVersion.id;
  const deciding = file.allowedDecisions.length > 0 && isLatest;

  const statusNote =
    file.allowedDecisions.length > 0
      ? t('detail.yourReview', { number: file.latestVersion.number })
      : file.status === 'pending_review'
        ? t('detail.waitingClient', { number: file.latestVersion.number })
        : t('detail.decided', { number: file.latestVersion.number });

  return (
    <>
      <DetailHeader
        back={{ label: t('detail.back') }}
        title={file.name}
        titleClassName="break-all"
        badge={<FileStatusBadge status={file.status} />}
        meta={
          <>
            <p className="text-sm text-muted">
              <Link to={`/dashboard/projects/${file.project.id}`} className="hover:text-ink hover:underline">
                {t('detail.project', { name: file.project.name })}
              </Link>
              {' · '}
              {file.client.name}
            </p>
            <p className="text-sm text-subtle">{statusNote}</p>
          </>
        }
        actions={[
          { label: t('detail.rename'), icon: Pencil, onClick: () => setOpen('rename') },
          { label: t('detail.delete'), icon: Trash2, variant: 'danger', onClick: () => setOpen('delete') },
        ]}
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <section aria-labelledby="file-preview-title" className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="file-preview-title" className="text-base font-semibold">
              {t('detail.preview')}
            </h2>
            {versions.length > 1 ? (
              <select
                aria-label={t('detail.version')}
                value={version.id}
                onChange={(event) => setVersionId(event.target.value)}
                className="h-8 rounded-lg border border-line bg-canvas px-2 text-sm"
              >
                {versions.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('detail.versionOption', { number: candidate.number })}
                  </option>
                ))}
              </select>
            ) : null}
          </div>
          <PinViewer
            key={version.id}
            name={file.name}
            version={version}
            pageUrl={(page) => urls.page(file.id, version.id, page)}
            pins={pins}
            drafts={deciding ? drafts : []}
            addLabel={deciding ? 'saveLater' : 'save'}
            onRemoveDraft={(index) => setDrafts(drafts.filter((_, i) => i !== index))}
            onAddPin={
              version.kind === 'document'
                ? undefined
                : async (pin) => {
                    if (deciding) {
                      setDrafts([...drafts, pin]);
                      return;
                    }
                    await addPin.mutateAsync({ ...pin, versionId: version.id });
                    toast.success(t('detail.pinSaved'));
                  }
            }
          />
        </section>

        <div className="grid min-w-0 gap-6">
          <DecisionPanel
            file={file}
            drafts={drafts}
            onDecide={async (input) => {
              await decide.mutateAsync(input);
              setDrafts([]);
              toast.success(t('detail.decisionSaved'));
            }}
          />
          <section aria-labelledby="file-downloads-title" className="grid gap-2">
            <h2 id="file-downloads-title" className="text-base font-semibold">
              {t('detail.downloads')}
            </h2>
            <div className="flex flex-wrap gap-2">
              <DownloadLink
                variant="secondary"
                url={urls.download(file.id, version.id)}
                fileName={version.name}
                label={t('detail.downloadVersion', { number: version.number })}
                icon={<Download aria-hidden="true" className="size-4" />}
              />
              {version.kind !== 'document' ? (
                <DownloadLink
                  variant="secondary"
                  url={urls.annotated(file.id, version.id)}
                  fileName={`${version.name}-feedback.pdf`}
                  label={t('detail.downloadAnnotated')}
                  icon={<MessageSquareText aria-hidden="true" className="size-4" />}
                />
              ) : null}
              <DownloadLink
                variant="secondary"
                url={urls.approvalRecord(file.id, version.id)}
                fileName={`${file.name}-v${version.number}-approval-record.pdf`}
                label={t('detail.approvalRecord')}
                icon={<FileCheck2 aria-hidden="true" className="size-4" />}
              />
            </div>
          </section>
          {file.canUploadVersion ? (
            <section aria-labelledby="file-new-version-title" className="grid gap-2">
              <h2 id="file-new-version-title" className="text-base font-semibold">
                {t('detail.newVersion')}
              </h2>
              <p className="text-sm text-muted">{t('detail.newVersionHint')}</p>
              <FileUploader
                compact
                multiple={false}
                label={t('detail.newVersion')}
                request={uploadVersion(file.id)}
                onUploaded={uploaded}
              />
            </section>
          ) : null}
          <VersionList
            versions={versions}
            fileName={file.name}
            downloadUrl={(id) => urls.download(file.id, id)}
            {...(versions.length > 1 ? { selected: version.id, onSelect: setVersionId } : {})}
          />
        </div>
      </div>

      <HistoryTrail history={history} />

      {open === 'rename' ? <RenameFileDialog file={file} onClose={() => setOpen(null)} /> : null}
      <DeleteDialog
        t={t}
        name={file.name}
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        remove={() => remove.mutateAsync(file.id)}
        onDeleted={onDeleted}
      />
    </>
  );
}
