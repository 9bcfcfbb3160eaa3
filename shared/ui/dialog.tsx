import { type MouseEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * What `Dialog` and `Sheet` share: the native `<dialog>` opened modally and closed with `open`, its title and
 * description ids, and closing on Escape (the dialog's `close` event) or on a click on the backdrop (the
 * only clicks that land on the dialog element itself). Spread `props` on the `<dialog>`.
 */
export function useModalDialog(open: boolean, onOpenChange: (open: boolean) => void, described: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return {
    titleId,
    descriptionId,
    props: {
      ref,
      'aria-labelledby': titleId,
      'aria-describedby': described ? descriptionId : undefined,
      // Only this dialog's own close: React hands a nested dialog's `close` on to its ancestors' handlers.
      onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      },
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      },
    },
  };
}

/**
 * A modal dialog on the native `<dialog>` (`showModal`): the browser makes the page behind it inert, keeps
 * focus inside, closes it on Escape and restores focus afterwards, with no dialog library in the bundle.
 * Controlled through `open` / `onOpenChange`; a click on the backdrop closes it too.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const { titleId, descriptionId, props } = useModalDialog(open, onOpenChange, Boolean(description));

  return (
    <dialog
      {...props}
      className={cn(
        'm-auto w-[calc(100vw-2rem)] max-w-md rounded-2xl border border-line bg-canvas p-0 text-ink shadow-xl backdrop:bg-ink/40',
        className,
      )}
    >
      {open ? (
        <div className="grid gap-4 p-6">
          <div className="grid gap-1.5">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-muted">
                {description}
              </p>
            ) : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A dialog that asks before a step (a deletion, sending): its title and description, optional content
 * between them and the buttons, Cancel (where the focus starts) and the action, busy while `confirming`;
 * a danger button unless `confirmVariant` says otherwise.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  confirmVariant = 'danger',
  confirming,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary';
  confirming: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} loading={confirming} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
