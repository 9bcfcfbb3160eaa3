import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { detectImageType, LOGO_MAX_BYTES } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { Spinner } from '../../../shared/ui/spinner';

/** An object URL for a picked file, revoked when the file changes or the field goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The picker's filter (the API goes by the file's content, see `logoProblem`; SVG never). */
const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The i18n key of a problem the browser can see before uploading, or null: the API's own checks (its
 * first bytes, as the API reads them, whatever the file's name says; the size limit), so a file the API
 * would refuse is never sent (no request answered 413 or 415 for the browser to log as an error).
 */
export async function logoProblem(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!detectImageType(head)) return 'errors.unsupported_image_type';
  if (file.size > LOGO_MAX_BYTES) return 'portals:logo.tooLarge';
  return null;
}

/**
 * The logo picker: a preview (the current logo, or the picked file while it uploads), a file input for
 * images, and Remove. What happens with a picked file is the caller's: uploaded at once when editing,
 * kept until the portal exists when creating. `error` is already translated (the server's message, too).
 */
export function LogoField({
  src,
  busy,
  error,
  onPick,
  onRemove,
  removing,
}: {
  src: string | null;
  busy: boolean;
  error: string | null;
  onPick: (file: File) => void;
  onRemove: (() => void) | null;
  removing?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires a change.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('portals:logo.label')}</legend>
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'relative grid size-20 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-surface',
            !src && 'border-dashed',
          )}
        >
          {src ? (
            <img src={src} alt={t('portals:logo.previewAlt')} className="size-full object-contain p-1.5" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-subtle" />
          )}
          {busy ? (
            <span className="absolute inset-0 grid place-items-center bg-canvas/70 text-primary">
              <Spinner />
            </span>
          ) : null}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap gap-2">
            <label
              className={cn(
                'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-line bg-canvas px-3 text-sm font-medium shadow-xs hover:bg-surface',
                'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary',
                busy && 'pointer-events-none opacity-60',
              )}
            >
              <input
                type="file"
                accept={LOGO_ACCEPT}
                className="sr-only"
                onChange={pick}
                disabled={busy}
                aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
                aria-invalid={error ? true : undefined}
              />
              <ImagePlus aria-hidden="true" className="size-4" />
              {src ? t('portals:logo.replace') : t('portals:logo.upload')}
            </label>
            {src && onRemove ? (
              <Button variant="ghost" size="sm" onClick={onRemove} loading={removing} disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('portals:logo.remove')}
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-subtle">
            {t('portals:logo.hint')}
          </p>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
