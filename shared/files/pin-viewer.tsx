import { ChevronLeft, ChevronRight, Crosshair, MapPin, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';
import { type FilePin, type FileVersion, PinInput } from '../contracts/files';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea-field';
import { type FilesTranslate, useFilesKit } from './kit';
import { movePoint, numberedPins, type PinPoint, pinPosition, pointInBox } from './pin-math';
import { useImageSrc } from './use-image-src';

/** A pin made here and not yet sent (it goes with the decision). */
export type DraftPin = { page: number; x: number; y: number; body: string };

/** A pin as the viewer draws it: a saved one, or a draft (numbered after the saved ones). */
type ShownPin = PinPoint & {
  key: string;
  number: number;
  page: number;
  body: string;
  author: string;
  draft: boolean;
};

/**
 * A version's pages with the feedback pinned to them (spec: pins on a point of an image or a PDF page).
 * Shows the page image (`pageUrl(page)`, WebP made by the server), pages to step through for a PDF, every
 * pin of the version as a numbered marker (its text on hover and focus) and in a list. With `onAddPin`,
 * "Add feedback pin" turns on placing: a click (or the arrow keys and Enter) marks the point and a small
 * form takes the text; `onAddPin` saves it at once or keeps it as a draft for the decision.
 */
export function PinViewer({
  name,
  version,
  pageUrl,
  pins,
  drafts = [],
  onAddPin,
  onRemoveDraft,
  addLabel = 'save',
}: {
  name: string;
  version: Pick<FileVersion, 'id' | 'kind' | 'preview'>;
  pageUrl: (page: number) => string;
  pins: readonly FilePin[];
  drafts?: readonly DraftPin[];
  onAddPin?: ((pin: DraftPin) => Promise<void> | void) | undefined;
  onRemoveDraft?: ((index: number) => void) | undefined;
  /** Whether the form's button saves the pin (`save`) or adds it to the decision (`saveLater`). */
  addLabel?: 'save' | 'saveLater';
}) {
  const { t } = useFilesKit();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [cursor, setCursor] = useState<PinPoint | null>(null);
  const [placed, setPlaced] = useState<PinPoint | null>(null);
  // Placing ends when what a pin becomes changes: a decision taken (drafts → saved at once), or adding
  // no longer offered. Otherwise the viewer stayed in "adding" after the client's decision.
  const mode = onAddPin ? addLabel : 'none';
  const [placingFor, setPlacingFor] = useState(mode);
  if (placingFor !== mode) {
    setPlacingFor(mode);
    setAdding(false);
    setPlaced(null);
    setCursor(null);
  }
  const hintId = useId();
  const pageCount = Math.max(1, version.preview.pageCount ?? 1);
  const current = Math.min(page, pageCount);
  const ready = version.preview.status === 'ready' && (version.kind === 'image' || version.kind === 'pdf');
  const image = useImageSrc(ready ? pageUrl(current) : null);
  const [broken, setBroken] = useState<string | null>(null);
  const boxRef = useRef<HTMLElement>(null);

  const saved = numberedPins(pins, version.id);
  const shown: ShownPin[] = [
    ...saved.map((pin) => ({
      key: pin.id,
      number: pin.number,
      page: pin.page,
      x: pin.x,
      y: pin.y,
      body: pin.body,
      author: pin.author.name,
      draft: false,
    })),
    ...drafts.map((pin, index) => ({
      key: `draft-${index}`,
      number: saved.length + index + 1,
      page: pin.page,
      x: pin.x,
      y: pin.y,
      body: pin.body,
      author: '',
      draft: true,
    })),
  ];

  if (!ready)
    return (
      <div className="grid gap-3">
        <PreviewState status={version.preview.status} t={t} />
        {shown.length > 0 ? <PinList pins={shown} onShowPage={setPage} multiPage={pageCount > 1} /> : null}
      </div>
    );

  const place = (point: PinPoint | null) => {
    if (!point) return;
    setPlaced(point);
    setCursor(null);
  };
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!adding || placed || !boxRef.current) return;
    // A click from the keyboard (no pointer) places the pin at the keyboard cursor.
    if (event.detail === 0) return place(cursor ?? { x: 0.5, y: 0.5 });
    place(pointInBox(event.clientX, event.clientY, boxRef.current.getBoundingClientRect()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!adding || placed || event.target !== event.currentTarget) return;
    const from = cursor ?? { x: 0.5, y: 0.5 };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      place(from);
      return;
    }
    const next = movePoint(from, event.key, event.shiftKey);
    if (next) {
      event.preventDefault();
      setCursor(next);
    }
  };
  const onPage = shown.filter((pin) => pin.page === current);
  const src = image.src && broken !== image.src ? image.src : null;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {pageCount > 1 ? (
          <nav
            className="flex items-center gap-2 text-sm text-muted"
            aria-label={t('viewer.page', { page: current, pages: pageCount })}
          >
            <Button
              variant="secondary"
              size="icon"
              aria-label={t('viewer.previous')}
              disabled={current <= 1}
              onClick={() => setPage(current - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <span aria-current="page" className="tabular-nums">
              {t('viewer.page', { page: current, pages: pageCount })}
            </span>
            <Button
              variant="secondary"
              size="icon"
              aria-label={t('viewer.next')}
              disabled={current >= pageCount}
              onClick={() => setPage(current + 1)}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        ) : (
          <span />
        )}
        {onAddPin ? (
          <Button
            size="sm"
            variant={adding ? 'primary' : 'secondary'}
            aria-pressed={adding}
            onClick={() => {
              setAdding(!adding);
              setPlaced(null);
              setCursor(null);
            }}
          >
            <MapPin aria-hidden="true" className="size-4" />
            {adding ? t('viewer.stopAdding') : t('viewer.addPin')}
          </Button>
        ) : null}
      </div>
      {adding && !placed ? (
        <p id={hintId} className="text-sm text-muted">
          {t('viewer.addHint')}
        </p>
      ) : null}
      <div className="grid place-items-center overflow-auto rounded-xl border border-line bg-surface p-2 sm:p-4">
        {src ? (
          <figure ref={boxRef} className="relative m-0 inline-block max-w-full select-none">
            <img
              src={src}
              alt={t('viewer.label', { name, page: current })}
              className="block h-auto max-h-[75dvh] max-w-full"
              draggable={false}
              onError={() => setBroken(src)}
            />
            {onPage.map((pin) => (
              <PinMarker key={pin.key} pin={pin} t={t} />
            ))}
            {adding && !placed ? (
              // The pointing surface while adding: a click, or the arrow keys and Enter, places the pin.
              <button
                type="button"
                aria-label={t('viewer.addPin')}
                aria-describedby={hintId}
                className="absolute inset-0 cursor-crosshair focus-visible:outline-offset-0"
                onClick={onClick}
                onKeyDown={onKeyDown}
                onFocus={() => !cursor && setCursor({ x: 0.5, y: 0.5 })}
              />
            ) : null}
            {cursor && adding && !placed ? (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 text-primary"
                style={pinPosition(cursor)}
              >
                <Crosshair className="size-7 drop-shadow" />
              </span>
            ) : null}
            {placed ? (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-primary text-xs font-semibold text-on-primary ring-2 ring-white shadow"
                style={pinPosition(placed)}
              >
                {shown.length + 1}
              </span>
            ) : null}
            <p className="sr-only" aria-live="polite">
              {cursor && adding && !placed
                ? t('viewer.cursor', { x: Math.round(cursor.x * 100), y: Math.round(cursor.y * 100) })
                : ''}
            </p>
          </figure>
        ) : image.failed || broken ? (
          <div role="alert" className="grid justify-items-center gap-2 py-10 text-sm text-muted">
            <p>{t('viewer.failed')}</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setBroken(null);
                image.retry();
              }}
            >
              {t('viewer.retry')}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center gap-2 py-10 text-sm text-subtle">
            <Spinner />
            {t('viewer.loading')}
          </div>
        )}
      </div>
      {placed && onAddPin ? (
        <PinForm
          onCancel={() => setPlaced(null)}
          addLabel={addLabel}
          onSave={async (body) => {
            await onAddPin({ page: current, x: placed.x, y: placed.y, body });
            setPlaced(null);
          }}
        />
      ) : null}
      <PinList
        pins={shown}
        onRemoveDraft={onRemoveDraft}
        onShowPage={(target) => setPage(target)}
        multiPage={pageCount > 1}
      />
    </div>
  );
}

/** Where a marker's text goes so that it stays on the page: beside the pin, towards the page's middle. */
function tooltipPlacement(point: PinPoint): string {
  const horizontal = point.x > 0.7 ? 'right-0' : point.x < 0.3 ? 'left-0' : 'left-1/2 -translate-x-1/2';
  const vertical = point.y > 0.75 ? 'bottom-full mb-1' : 'top-full mt-1';
  return `${horizontal} ${vertical}`;
}

/** A numbered marker; its text shows on hover and keyboard focus (and is its accessible name). */
function PinMarker({ pin, t }: { pin: ShownPin; t: FilesTranslate }) {
  const label = t('viewer.marker', { number: pin.number, author: pin.author || '—', body: pin.body });
  return (
    <span className="group absolute -translate-x-1/2 -translate-y-1/2" style={pinPosition(pin)}>
      <button
        type="button"
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
        className={`grid size-7 place-items-center rounded-full text-xs font-semibold shadow ring-2 ring-white ${pin.draft ? 'bg-warning text-white' : 'bg-primary text-on-primary'}`}
      >
        {pin.number}
      </button>
      <span
        role="presentation"
        className={`pointer-events-none invisible absolute z-10 w-56 max-w-[70vw] rounded-lg ${tooltipPlacement(pin)} bg-ink px-2.5 py-1.5 text-xs text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100`}
      >
        {pin.author ? <span className="block font-semibold">{pin.author}</span> : null}
        <span className="block break-words whitespace-pre-line">{pin.body}</span>
      </span>
    </span>
  );
}

/** The text of a new pin, checked with the contract's rule (required, at most 1,000 characters). */
function PinForm({
  onSave,
  onCancel,
  addLabel,
}: {
  onSave: (body: string) => Promise<void>;
  onCancel: () => void;
  addLabel: 'save' | 'saveLater';
}) {
  const { t } = useFilesKit();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PinInput.shape.body.safeParse(body);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.pinRequired'));
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : t('viewer.form.failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-primary/30 bg-primary-soft/40 p-3"
      aria-label={t('viewer.form.title')}
      noValidate
    >
      <TextareaField
        label={t('viewer.form.label')}
        value={body}
        error={error}
        autoFocus
        rows={3}
        maxLength={1000}
        onChange={(event) => {
          setBody(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('viewer.form.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {addLabel === 'save' ? t('viewer.form.save') : t('viewer.form.saveLater')}
        </Button>
      </div>
    </form>
  );
}

/** Every pin of the version in a list (number, text, who, page): the markers' texts without hovering. */
function PinList({
  pins,
  onRemoveDraft,
  onShowPage,
  multiPage,
}: {
  pins: readonly ShownPin[];
  onRemoveDraft?: ((index: number) => void) | undefined;
  onShowPage: (page: number) => void;
  multiPage: boolean;
}) {
  const { t } = useFilesKit();
  const savedCount = pins.filter((pin) => !pin.draft).length;
  return (
    <section className="grid gap-2" aria-label={t('viewer.pins')}>
      <h3 className="text-sm font-semibold">{t('viewer.pins')}</h3>
      {pins.length === 0 ? (
        <p className="text-sm text-subtle">{t('viewer.noPins')}</p>
      ) : (
        <ol className="grid gap-2">
          {pins.map((pin) => (
            <li
              key={pin.key}
              className="flex items-start gap-3 rounded-lg border border-line bg-canvas px-3 py-2 text-sm"
            >
              <span
                aria-hidden="true"
                className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${pin.draft ? 'bg-warning text-white' : 'bg-primary text-on-primary'}`}
              >
                {pin.number}
              </span>
              <span className="sr-only">{pin.number}.</span>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="break-words whitespace-pre-line">{pin.body}</p>
                <p className="text-xs text-subtle">
                  {pin.draft ? t('viewer.unsent') : pin.author}
                  {multiPage ? (
                    <>
                      {' · '}
                      <button
                        type="button"
                        className="underline-offset-2 hover:underline"
                        onClick={() => onShowPage(pin.page)}
                      >
                        {t('viewer.onPage', { page: pin.page })}
                      </button>
                    </>
                  ) : null}
                </p>
              </div>
              {pin.draft && onRemoveDraft ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('viewer.removePin', { number: pin.number })}
                  onClick={() => onRemoveDraft(pin.number - savedCount - 1)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What shows instead of a page: being prepared, not readable, or a kind without previews. */
function PreviewState({ status, t }: { status: FileVersion['preview']['status']; t: FilesTranslate }) {
  const text =
    status === 'pending'
      ? t('viewer.pending')
      : status === 'failed'
        ? t('viewer.unreadable')
        : t('viewer.unavailable');
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted"
    >
      {status === 'pending' ? <Spinner /> : null}
      <p>{text}</p>
    </div>
  );
}
