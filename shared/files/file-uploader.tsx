import { CheckCircle2, RotateCw, Upload, X, XCircle } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { FILE_ACCEPT } from '../contracts/files';
import { Button } from '../ui/button';
import { formatFileSize } from './format';
import { type FilesTranslate, useFilesKit } from './kit';
import type { UploadError, UploadRequest } from './upload';
import { createUploadQueue, type UploadItem, type UploadQueue, uploadPercent } from './upload-queue';

/** The text of an upload error: the kit's own, or the server's translated message. */
export const uploadErrorText = (t: FilesTranslate, error: UploadError): string =>
  error.key !== undefined ? t(`upload.errors.${error.key}`) : error.message;

/**
 * Picks or takes dropped files (several at once unless `multiple` is false) and uploads each with its own
 * progress bar, through an upload queue (`upload-queue.ts`). `request(file)` says where each file goes
 * (read at the moment the file is added, so a changed target applies to the next files). Arrivals and
 * refusals are announced politely; the list keeps what failed with its reason until cleared.
 */
export function FileUploader<T>({
  request,
  onUploaded,
  multiple = true,
  disabled = false,
  compact = false,
  label,
}: {
  request: (file: File) => UploadRequest;
  onUploaded?: (data: T) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** One line instead of the drop area (e.g. "Upload new version"). */
  compact?: boolean;
  /** The button's text (default: "Choose files"). */
  label?: string;
}) {
  const { t, lang } = useFilesKit();
  const inputId = useId();
  const hintId = useId();
  const requestRef = useRef(request);
  requestRef.current = request;
  const uploadedRef = useRef(onUploaded);
  uploadedRef.current = onUploaded;
  const [queue] = useState<UploadQueue>(() =>
    createUploadQueue<T>({ onUploaded: (data) => uploadedRef.current?.(data) }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const announcement = useAnnouncement(items, t);

  const take = (files: FileList | null) => {
    if (!files || files.length === 0 || disabled) return;
    const picked = multiple ? [...files] : [...files].slice(0, 1);
    setSkipped(queue.add(picked, (file) => requestRef.current(file)).skipped);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  const dragProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  const input = (
    <input
      id={inputId}
      type="file"
      accept={FILE_ACCEPT}
      multiple={multiple}
      disabled={disabled}
      aria-describedby={hintId}
      className="peer sr-only"
      onChange={(event) => {
        take(event.target.files);
        event.target.value = '';
      }}
    />
  );
  const chooser = (
    <label
      htmlFor={inputId}
      className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-line bg-canvas px-3 text-sm font-medium text-ink shadow-xs hover:bg-surface peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <Upload aria-hidden="true" className="size-4" />
      {label ?? (multiple ? t('upload.choose') : t('upload.chooseOne'))}
    </label>
  );

  return (
    <section aria-label={t('upload.region')} className="grid gap-3">
      {compact ? (
        <div className="flex flex-wrap items-center gap-3" {...dragProps}>
          {input}
          {chooser}
          <p id={hintId} className="text-xs text-subtle">
            {multiple ? t('upload.hint') : t('upload.hintOne')}
          </p>
        </div>
      ) : (
        <div
          {...dragProps}
          className={`grid place-items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors ${dragging ? 'border-primary bg-primary-soft' : 'border-line bg-surface/50'}`}
        >
          <Upload aria-hidden="true" className="size-6 text-subtle" />
          <p className="text-sm text-muted">
            {t('upload.drop')} <span className="text-subtle">{t('upload.or')}</span>
          </p>
          {input}
          {chooser}
          <p id={hintId} className="text-xs text-subtle">
            {multiple ? t('upload.hint') : t('upload.hintOne')}
          </p>
        </div>
      )}
      {skipped > 0 ? (
        <p role="alert" className="text-sm text-warning">
          {t('upload.skipped', { count: skipped })}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="grid gap-2">
          <ul aria-label={t('upload.list')} className="grid gap-2">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} queue={queue} lang={lang} t={t} />
            ))}
          </ul>
          {items.some((item) => item.state === 'done' || item.state === 'failed') ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-end"
              onClick={() => queue.clearFinished()}
            >
              {t('upload.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** The latest arrival or refusal, for screen readers (progress itself is on each row's progress bar). */
function useAnnouncement(items: readonly UploadItem[], t: FilesTranslate): string {
  const seen = useRef(new Set<string>());
  const [text, setText] = useState('');
  useEffect(() => {
    for (const item of items) {
      if ((item.state !== 'done' && item.state !== 'failed') || seen.current.has(item.id)) continue;
      seen.current.add(item.id);
      setText(
        item.state === 'done'
          ? t('upload.announceDone', { name: item.name })
          : t('upload.announceFailed', {
              name: item.name,
              error: item.error ? uploadErrorText(t, item.error) : '',
            }),
      );
    }
  }, [items, t]);
  return text;
}

function UploadRow({
  item,
  queue,
  lang,
  t,
}: {
  item: UploadItem;
  queue: UploadQueue;
  lang: string;
  t: FilesTranslate;
}) {
  const percent = uploadPercent(item);
  const failed = item.state === 'failed';
  const active = item.state === 'waiting' || item.state === 'uploading' || item.state === 'processing';
  const stateText = failed
    ? item.error
      ? uploadErrorText(t, item.error)
      : t('upload.failed')
    : item.state === 'uploading'
      ? t('upload.uploading', { percent })
      : t(`upload.${item.state}`);
  return (
    <li className="grid gap-1.5 rounded-xl border border-line bg-canvas px-3 py-2.5">
      <div className="flex items-center gap-2">
        {item.state === 'done' ? (
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
        ) : failed ? (
          <XCircle aria-hidden="true" className="size-4 shrink-0 text-danger" />
        ) : null}
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-subtle tabular-nums">{formatFileSize(item.size, lang)}</span>
        {failed && item.retryable ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('upload.retryFile', { name: item.name })}
            onClick={() => queue.retry(item.id)}
          >
            <RotateCw aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
        {active ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('upload.cancelFile', { name: item.name })}
            onClick={() => queue.cancel(item.id)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
      {failed ? null : (
        <div
          role="progressbar"
          aria-label={t('upload.progress', { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={stateText}
          className="h-1.5 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-150 ${item.state === 'done' ? 'bg-success' : 'bg-primary'} ${item.state === 'processing' ? 'animate-pulse' : ''}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <p className={`text-xs ${failed ? 'text-danger' : 'text-subtle'}`}>{stateText}</p>
    </li>
  );
}
