import type { ComponentType, ReactNode } from 'react';
import type { FileSummary } from '../contracts/files';
import { formatRelativeTime } from '../format/date';
import { FileThumbnail } from './file-thumbnail';
import { formatFileSize } from './format';
import { useFilesKit } from './kit';
import { FileStatusBadge } from './status-badge';

/** The app's router link (react-router's `Link` on the dashboard, the portal's own). */
export type FileLinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/**
 * One page of files: a table from 768 px (thumbnail, name and version, project, status, who uploaded,
 * size, updated), cards below. Each name links to the file's page (`hrefFor`) through the app's `Link`.
 */
export function FileTable({
  items,
  hrefFor,
  thumbnailUrl,
  Link,
  showProject = true,
}: {
  items: readonly FileSummary[];
  hrefFor: (file: FileSummary) => string;
  thumbnailUrl: (file: FileSummary) => string;
  Link: FileLinkComponent;
  showProject?: boolean;
}) {
  const { t, lang } = useFilesKit();
  return (
    <>
      <div className="overflow-x-auto rounded-2xl border border-line max-md:hidden">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('table.label')}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('table.name')}
              </th>
              {showProject ? (
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('table.project')}
                </th>
              ) : null}
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('table.status')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium whitespace-nowrap">
                {t('table.uploadedBy')}
              </th>
              <th scope="col" className="px-4 py-2.5 text-right font-medium">
                {t('table.size')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('table.updated')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {items.map((file) => (
              <tr key={file.id} className="hover:bg-surface/60">
                <td className="max-w-80 px-4 py-2.5">
                  <span className="flex items-center gap-3">
                    <FileThumbnail
                      name={file.name}
                      version={file.latestVersion}
                      url={thumbnailUrl(file)}
                      size="sm"
                    />
                    <span className="grid min-w-0">
                      <Link to={hrefFor(file)} className="truncate font-medium text-ink hover:text-primary">
                        {file.name}
                      </Link>
                      <span className="text-xs text-subtle">
                        {t('table.version', { number: file.latestVersion.number })}
                        {file.pinCount > 0 ? ` · ${t('table.pins', { count: file.pinCount })}` : ''}
                      </span>
                    </span>
                  </span>
                </td>
                {showProject ? (
                  <td className="max-w-48 truncate px-4 py-2.5 text-muted">{file.project.name}</td>
                ) : null}
                <td className="px-4 py-2.5">
                  <FileStatusBadge status={file.status} />
                </td>
                <td className="max-w-40 truncate px-4 py-2.5 text-muted">
                  {file.latestVersion.uploadedBy.name}
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-muted tabular-nums">
                  {formatFileSize(file.latestVersion.sizeBytes, lang)}
                </td>
                <td className="px-4 py-2.5 whitespace-nowrap text-muted">
                  <time dateTime={file.updatedAt}>{formatRelativeTime(file.updatedAt, lang)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label={t('table.label')}>
        {items.map((file) => (
          <li key={file.id}>
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
                  {file.latestVersion.uploadedBy.name} · {formatFileSize(file.latestVersion.sizeBytes, lang)}{' '}
                  · {formatRelativeTime(file.updatedAt, lang)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
