import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useModalDialog } from './dialog';

/**
 * A panel that slides in from the right edge over the page (the notification sheet), on the native
 * `<dialog>` like `Dialog`: the page behind is inert, focus stays inside, Escape and a backdrop click close
 * it and focus returns to the button that opened it. Full width on a phone, 24 rem from 640 px.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The close button's accessible name. */
  closeLabel: string;
  /** Beside the title (e.g. "Mark all read"). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { titleId, descriptionId, props } = useModalDialog(open, onOpenChange, Boolean(description));

  return (
    <dialog
      {...props}
      className={cn(
        'fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-full border-l border-line bg-canvas p-0 text-ink shadow-2xl sm:w-96',
        'backdrop:bg-ink/30 motion-safe:open:animate-[sheet-in_160ms_ease-out]',
      )}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-start justify-between gap-3 border-b border-line px-5 pt-5 pb-4">
            <div className="grid min-w-0 gap-1">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-sm text-muted">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface hover:text-ink"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">{closeLabel}</span>
            </button>
          </div>
          {actions ? <div className="flex justify-end border-b border-line px-5 py-2">{actions}</div> : null}
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
