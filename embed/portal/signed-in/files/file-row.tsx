import { ChevronRight, MessageSquareText } from 'lucide-react';
import type { FileSummary } from '../../../../shared/contracts/files';
import { formatRelativeTime } from '../../../../shared/format/date';
import { cn } from '../../../../shared/ui/cn';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useSignedIn } from '../signed-in-context';
import { PortalFileStatus, PortalFileThumbnail } from './file-parts';

/**
 * One file in a list: its thumbnail, name, project, version and who shared it, its status, and, when the
 * client has a decision to take, "Review". The whole row opens the file.
 */
export function FileRow({ file, showProject }: { file: FileSummary; showProject: boolean }) {
  const { t, lang } = useI18n();
  const { filePathTo } = useSignedIn();
  const waiting = file.allowedDecisions.length > 0;
  const version = file.latestVersion;
  return (
    <Link
      to={filePathTo(file.id)}
      className={cn(
        'group flex items-center gap-3 p-3 hover:bg-surface focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none focus-visible:ring-inset sm:gap-4 sm:p-4',
        waiting && 'border-l-4 border-l-primary bg-primary-soft/40',
      )}
    >
      <PortalFileThumbnail file={file} className="size-14 shrink-0 sm:size-16" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="truncate font-medium group-hover:text-primary">{file.name}</span>
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted">
          {showProject ? <span className="truncate">{file.project.name}</span> : null}
          <span>{t('files.version', { number: version.number })}</span>
          <span className="truncate">
            {file.uploadedBy === 'client'
              ? t('files.uploadedByYou')
              : t('files.sharedBy', { name: version.uploadedBy.name })}
          </span>
          <span className="whitespace-nowrap">
            {t('files.updated', { when: formatRelativeTime(file.updatedAt, lang) })}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <PortalFileStatus status={file.status} />
          {file.pinCount > 0 ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              <MessageSquareText aria-hidden="true" className="size-3.5" />
              {t('files.pins', { count: file.pinCount })}
            </span>
          ) : null}
        </span>
      </span>
      {waiting ? (
        <span className="hidden h-8 shrink-0 items-center rounded-lg bg-primary px-3 text-sm font-medium text-on-primary sm:inline-flex">
          {t('files.review')}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-subtle group-hover:text-primary" />
    </Link>
  );
}
