import type { ComponentType, ReactNode } from 'react';
import type { FileSummary } from '../contracts/files';
import { formatRelativeTime } from '../format/date';
import { ClampedText, type Column, DataTable } from '../ui/data-table';
import { FileThumbnail } from './file-thumbnail';
import { formatFileSize } from './format';
import { type FilesKit, useFilesKit } from './kit';
import { FileStatusBadge } from './status-badge';

/** The app's router link (react-router's `Link` on the dashboard, the portal's own). */
export type FileLinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

type FileLinks = {
  hrefFor: (file: FileSummary) => string;
  thumbnailUrl: (file: FileSummary) => string;
  Link: FileLinkComponent;
  showProject?: boolean;
};

/**
 * A list of files as the kit's data table: thumbnail, name and version, project (unless `showProject` is
 * false), status, who uploaded, size and when it changed (sortable where the API sorts), and each file as
 * a card on a phone. Each name links to the file's page (`hrefFor`) through the app's `Link`.
 */
export function fileTable(
  { t, lang }: Pick<FilesKit, 't' | 'lang'>,
  { hrefFor, thumbnailUrl, Link, showProject = true }: FileLinks,
) {
  const all: (Column<FileSummary> | false)[] = [
    {
      id: 'name',
      header: t('table.name'),
      sort: 'name',
      long: (file) => file.name,
      cell: (file) => (
        <span className="flex items-center gap-3">
          <FileThumbnail name={file.name} version={file.latestVersion} url={thumbnailUrl(file)} size="sm" />
          <span className="grid min-w-0">
            <ClampedText>
              <Link to={hrefFor(file)} className="font-medium text-ink hover:text-primary">
                {file.name}
              </Link>
            </ClampedText>
            <span className="text-xs whitespace-nowrap text-subtle">
              {t('table.version', { number: file.latestVersion.number })}
              {file.pinCount > 0 ? ` · ${t('table.pins', { count: file.pinCount })}` : ''}
            </span>
          </span>
        </span>
      ),
    },
    showProject && {
      id: 'project',
      header: t('table.project'),
      long: (file) => file.project.name,
      className: 'text-muted',
      cell: (file) => file.project.name,
    },
    {
      id: 'status',
      header: t('table.status'),
      sort: 'status',
      cell: (file) => <FileStatusBadge status={file.status} />,
    },
    {
      id: 'uploadedBy',
      header: t('table.uploadedBy'),
      long: (file) => file.latestVersion.uploadedBy.name,
      hideBelow: '3xl',
      className: 'text-muted',
      cell: (file) => file.latestVersion.uploadedBy.name,
    },
    {
      id: 'size',
      header: t('table.size'),
      sort: 'size',
      align: 'right',
      className: 'text-muted tabular-nums',
      cell: (file) => formatFileSize(file.latestVersion.sizeBytes, lang),
    },
    {
      id: 'updated',
      header: t('table.updated'),
      sort: 'updatedAt',
      className: 'text-muted',
      cell: (file) => <time dateTime={file.updatedAt}>{formatRelativeTime(file.updatedAt, lang)}</time>,
    },
  ];
  const columns = all.filter((column): column is Column<FileSummary> => column !== false);

  const card = (file: FileSummary) => (
    <Link
      to={hrefFor(file)}
      className="flex gap-3 rounded-2xl border border-line bg-canvas p-3 shadow-xs hover:border-slate-300"
    >
      <FileThumbnail name={file.name} version={file.latestVersion} url={thumbnailUrl(file)} />
      <span className="grid min-w-0 flex-1 content-start gap-1">
        <span className="truncate font-medium text-ink">{file.name}</span>
        <span className="flex flex-wrap items-center gap-2">
          <FileStatusBadge status={file.status} />
          <span className="text-xs text-subtle">
            {t('table.version', { number: file.latestVersion.number })}
          </span>
        </span>
        <span className="truncate text-xs text-subtle">
          {showProject ? `${file.project.name} · ` : ''}
          {file.latestVersion.uploadedBy.name} · {formatFileSize(file.latestVersion.sizeBytes, lang)} ·{' '}
          {formatRelativeTime(file.updatedAt, lang)}
        </span>
      </span>
    </Link>
  );

  return { label: t('table.label'), columns, card, rowKey: (file: FileSummary) => file.id };
}

/** A fixed set of files (the portal's lists) as the kit's data table, without sorting or paging. */
export function FileTable({ items, ...links }: FileLinks & { items: readonly FileSummary[] }) {
  return <DataTable {...fileTable(useFilesKit(), links)} rows={items} />;
}
