import { ArrowRight, Copy, Download } from 'lucide-react';
import { useId } from 'react';
import type { FileHistoryEvent, FileVersion } from '../contracts/files';
import { Button } from '../ui/button';
import { toast } from '../ui/toaster';
import { DownloadLink } from './download-link';
import { formatDateTime, formatFileSize, shortSha } from './format';
import { useFilesKit } from './kit';
import { FileStatusBadge } from './status-badge';

/** Copies a version's full SHA-256 (shown shortened) and says so. */
function ShaCopy({ sha256, number }: { sha256: string; number: number }) {
  const { t } = useFilesKit();
  return (
    <span className="inline-flex items-center gap-1">
      <abbr title={sha256} className="font-mono text-xs no-underline">
        {t('history.sha')} {shortSha(sha256)}…
      </abbr>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('history.copySha', { number })}
        onClick={() =>
          navigator.clipboard.writeText(sha256).then(
            () => toast.success(t('history.copied')),
            () => toast.error(t('history.copyFailed')),
          )
        }
      >
        <Copy aria-hidden="true" className="size-3.5" />
      </Button>
    </span>
  );
}

/**
 * Every version, newest first: number, name, size, who uploaded it and when, its SHA-256, a download.
 * With `onSelect`, each version's number is a button that shows that version (`selected`: the one shown).
 */
export function VersionList({
  versions,
  downloadUrl,
  fileName,
  selected,
  onSelect,
}: {
  versions: readonly FileVersion[];
  downloadUrl: (versionId: string) => string;
  fileName: string;
  selected?: string | undefined;
  onSelect?: ((versionId: string) => void) | undefined;
}) {
  const { t, lang } = useFilesKit();
  const headingId = useId();
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold">
        {t('history.versions')}
      </h2>
      <ol className="grid gap-2">
        {versions.map((version, index) => (
          <li
            key={version.id}
            className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border bg-canvas px-3 py-2 text-sm ${onSelect && selected === version.id ? 'border-primary ring-1 ring-primary' : 'border-line'}`}
          >
            {onSelect ? (
              <button
                type="button"
                aria-pressed={selected === version.id}
                aria-label={t('history.show', { number: version.number })}
                className="rounded font-medium text-primary underline-offset-2 hover:underline"
                onClick={() => onSelect(version.id)}
              >
                {t('history.version', { number: version.number })}
              </button>
            ) : (
              <span className="font-medium">{t('history.version', { number: version.number })}</span>
            )}
            {index === 0 ? (
              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong">
                {t('history.latest')}
              </span>
            ) : null}
            <span className="min-w-0 truncate text-muted" title={version.name}>
              {version.name}
            </span>
            <span className="text-xs text-subtle tabular-nums">
              {formatFileSize(version.sizeBytes, lang)}
            </span>
            <span className="basis-full text-xs text-subtle sm:basis-auto">
              {t('history.uploadedBy', { name: version.uploadedBy.name })} ·{' '}
              <time dateTime={version.createdAt}>{formatDateTime(version.createdAt, lang)}</time>
            </span>
            <span className="flex items-center gap-1 sm:ml-auto">
              <ShaCopy sha256={version.sha256} number={version.number} />
              <DownloadLink
                url={downloadUrl(version.id)}
                fileName={version.name || fileName}
                iconOnly
                label={t('history.download', { number: version.number })}
                icon={<Download aria-hidden="true" className="size-4" />}
              />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The audit trail, oldest first: who did what to which version (and its hash), the status change, the feedback. */
export function HistoryTrail({ history }: { history: readonly FileHistoryEvent[] }) {
  const { t, lang } = useFilesKit();
  const headingId = useId();
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold">
        {t('history.trail')}
      </h2>
      {history.length === 0 ? (
        <p className="text-sm text-subtle">{t('history.empty')}</p>
      ) : (
        <ol className="grid gap-0 border-l-2 border-line pl-4">
          {history.map((event) => {
            const values = { name: event.actor.name, version: event.version.number };
            const what =
              event.kind === 'decision'
                ? t('history.decision', values)
                : event.kind === 'version'
                  ? t('history.newVersion', values)
                  : t('history.uploaded', values);
            return (
              <li key={event.id} className="relative grid gap-1.5 pb-4 text-sm last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-line ring-2 ring-canvas"
                />
                <p>
                  <span className="font-medium">{what}</span>{' '}
                  <span className="text-xs text-subtle">
                    ({t(`side.${event.actor.type}`)}) ·{' '}
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, lang)}</time>
                  </span>
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  {event.statusBefore && event.statusBefore !== event.statusAfter ? (
                    <>
                      <FileStatusBadge status={event.statusBefore} />
                      <ArrowRight aria-hidden="true" className="size-3.5 text-subtle" />
                    </>
                  ) : null}
                  <FileStatusBadge status={event.statusAfter} />
                  <ShaCopy sha256={event.version.sha256} number={event.version.number} />
                </div>
                {event.feedback ? (
                  <blockquote className="rounded-lg bg-surface px-3 py-2 whitespace-pre-line break-words text-ink">
                    <span className="sr-only">{t('history.feedback')}: </span>
                    {event.feedback}
                  </blockquote>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
