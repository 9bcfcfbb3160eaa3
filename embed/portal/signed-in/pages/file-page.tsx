import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../../shared/api/error';
import type { FileDetail } from '../../../../shared/contracts/files';
import { DecisionPanel } from '../../../../shared/files/decision-panel';
import { FileUploader } from '../../../../shared/files/file-uploader';
import { formatFileSize } from '../../../../shared/files/format';
import { type DraftPin, PinViewer } from '../../../../shared/files/pin-viewer';
import { FileStatusBadge } from '../../../../shared/files/status-badge';
import { HistoryTrail, VersionList } from '../../../../shared/files/version-history';
import { formatRelativeTime } from '../../../../shared/format/date';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { clientHeaders } from '../files/file-blobs';
import { FileDownloads } from '../files/file-downloads';
import { addPin, decideOnFile, fileChanged, useFileDetail } from '../files/files-data';
import { PortalFilesKit, usePortalFileUrls } from '../files/portal-files-kit';
import { useSignedIn } from '../signed-in-context';
import { PageHeader } from '../ui/page-header';
import { MissingDocument } from './document-parts';

function BackLink() {
  const { t } = useI18n();
  const { pathTo } = useSignedIn();
  return (
    <Link
      to={pathTo('files')}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('files.back')}
    </Link>
  );
}

function FileView({ detail }: { detail: FileDetail }) {
  const { t, lang } = useI18n();
  const { portalId, projectPathTo } = useSignedIn();
  const urls = usePortalFileUrls();
  const file = detail.file;
  const latest = file.latestVersion;
  // The version on screen: the latest (also one that arrives while here), unless the client opened an
  // older one from the history.
  const [chosen, setChosen] = useState<string | null>(null);
  const version = detail.versions.find((v) => v.id === chosen) ?? latest;
  const setVersionId = (id: string) => setChosen(id === latest.id ? null : id);
  const onLatest = version.id === latest.id;
  const deciding = onLatest && file.allowedDecisions.length > 0;
  // Pins placed while a decision is open go with it; otherwise each is saved at once.
  const [drafts, setDrafts] = useState<DraftPin[]>([]);
  const network = t('errors.network');
  const savePin = async (pin: DraftPin) => {
    if (deciding) {
      setDrafts((old) => [...old, pin]);
      return;
    }
    await addPin(portalId, file.id, { ...pin, versionId: version.id }, network);
    toast.success(t('files.pinSaved'));
  };
  return (
    <>
      <PageHeader
        title={file.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <FileStatusBadge status={file.status} />
            <Link to={projectPathTo(file.project.id)} className="text-sm font-medium hover:underline">
              {t('files.project_link', { name: file.project.name })}
            </Link>
            <span className="text-sm">
              {t('files.latest', {
                number: latest.number,
                size: formatFileSize(latest.sizeBytes, lang),
                when: formatRelativeTime(latest.createdAt, lang),
              })}
            </span>
          </span>
        }
      />
      {onLatest ? null : (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning/30 bg-warning-soft px-4 py-3 text-sm"
        >
          <span>{t('files.olderVersion', { number: version.number })}</span>
          <Button variant="secondary" size="sm" onClick={() => setVersionId(latest.id)}>
            {t('files.showLatest')}
          </Button>
        </div>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          <section aria-labelledby="file-preview" className="grid content-start gap-3">
            <h2 id="file-preview" className="text-lg font-semibold">
              {t('files.pinsTitle')}
            </h2>
            <PinViewer
              key={version.id}
              name={version.name}
              version={version}
              pageUrl={(page) => urls.page(file.id, version.id, page)}
              pins={detail.pins}
              drafts={deciding ? drafts : []}
              onAddPin={version.kind === 'document' ? undefined : savePin}
              onRemoveDraft={(index) => setDrafts((old) => old.filter((_, i) => i !== index))}
              addLabel={deciding ? 'saveLater' : 'save'}
            />
          </section>
        </div>
        <div className="grid content-start gap-8">
          {deciding ? (
            <DecisionPanel
              file={file}
              drafts={drafts}
              onDecide={async (input) => {
                await decideOnFile(portalId, file.id, input, network);
                setDrafts([]);
                toast.success(t('files.decided'));
              }}
            />
          ) : onLatest && file.status === 'pending_review' ? (
            <Card className="p-4 text-sm text-muted">{t('files.awaitingProvider')}</Card>
          ) : null}
          <FileDownloads file={file} version={version} />
          {file.canUploadVersion ? (
            <section aria-labelledby="file-new-version" className="grid content-start gap-3">
              <div className="grid gap-1">
                <h2 id="file-new-version" className="text-lg font-semibold">
                  {t('files.newVersion')}
                </h2>
                <p className="text-sm text-muted">{t('files.newVersionBody')}</p>
              </div>
              <FileUploader<FileDetail>
                compact
                multiple={false}
                label={t('files.newVersion')}
                request={() => ({ url: urls.versions(file.id), headers: clientHeaders() })}
                onUploaded={(next) => {
                  fileChanged(portalId, next);
                  toast.success(t('files.newVersionUploaded'));
                }}
              />
            </section>
          ) : null}
          <section aria-label={t('files.versionsTitle')} className="grid content-start gap-6">
            <VersionList
              versions={detail.versions}
              downloadUrl={(id) => urls.download(file.id, id)}
              fileName={file.name}
              {...(detail.versions.length > 1 ? { selected: version.id, onSelect: setVersionId } : {})}
            />
            <HistoryTrail history={detail.history} />
          </section>
        </div>
      </div>
    </>
  );
}

/**
 * One of the client's files (issue 20): the preview with its pins (the client adds pins with feedback),
 * the decision when one is the client's to take, the downloads, a new version of the client's own
 * uploads, and every version and decision. Another client's file answers 404: "File not found".
 */
export default function FilePage({ fileId }: { fileId: string }) {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const detail = useFileDetail(portalId, fileId);
  usePageTitle(detail.data?.file.name ?? t('nav.files'), branding?.name);
  useFirstContentMark(detail.data !== undefined || detail.error !== null);
  if (!detail.data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <>
        <BackLink />
        <MissingDocument
          notFound={missing}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          title={t('files.notFound')}
          body={t('files.notFoundBody')}
        />
      </>
    );
  }
  return (
    <PortalFilesKit>
      <BackLink />
      <FileView key={detail.data.file.latestVersion.id} detail={detail.data} />
    </PortalFilesKit>
  );
}
