import { ArrowLeft, FileX } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../../shared/api/error';
import type { FileDetail } from '../../../../shared/contracts/files';
import { formatRelativeTime } from '../../../../shared/format/date';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { FileDownloads } from '../files/file-downloads';
import {
  PortalDecisionPanel,
  PortalFileHistory,
  PortalFileStatus,
  PortalPreview,
  PortalVersionUpload,
} from '../files/file-parts';
import { useFileDetail } from '../files/files-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';

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

const formatSize = (bytes: number, lang: string) =>
  new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));

function FileView({ detail }: { detail: FileDetail }) {
  const { t, lang } = useI18n();
  const { projectPathTo } = useSignedIn();
  const file = detail.file;
  const latest = file.latestVersion;
  // The version on screen: the latest (also one that arrives while here), unless the client opened an
  // older one from the history.
  const [chosen, setChosen] = useState<string | null>(null);
  const version = detail.versions.find((v) => v.id === chosen) ?? latest;
  const setVersionId = (id: string) => setChosen(id === latest.id ? null : id);
  const onLatest = version.id === latest.id;
  const deciding = onLatest && file.allowedDecisions.length > 0;
  return (
    <>
      <PageHeader
        title={file.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <PortalFileStatus status={file.status} />
            <Link to={projectPathTo(file.project.id)} className="text-sm font-medium hover:underline">
              {t('files.project_link', { name: file.project.name })}
            </Link>
            <span className="text-sm">
              {t('files.latest', {
                number: latest.number,
                size: formatSize(latest.sizeBytes, lang),
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
          <PortalPreview detail={detail} version={version} deciding={deciding} />
        </div>
        <div className="grid content-start gap-8">
          {deciding ? (
            <PortalDecisionPanel detail={detail} />
          ) : onLatest && file.status === 'pending_review' ? (
            <Card className="p-4 text-sm text-muted">{t('files.awaitingProvider')}</Card>
          ) : null}
          <FileDownloads detail={detail} version={version} />
          {file.canUploadVersion ? <PortalVersionUpload file={file} /> : null}
          <PortalFileHistory detail={detail} selected={version.id} onSelect={setVersionId} />
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
        {missing ? (
          <>
            <PageHeader title={t('files.notFound')} />
            <Card>
              <EmptyState icon={FileX} title={t('files.notFound')} body={t('files.notFoundBody')} />
            </Card>
          </>
        ) : detail.error ? (
          <LoadFailed message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <LoadingRows rows={4} />
        )}
      </>
    );
  }
  return (
    <>
      <BackLink />
      <FileView detail={detail.data} />
    </>
  );
}
