import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './dialog';
import { useKitTexts } from './kit-texts';
import { toast } from './toaster';

/**
 * Asks before deleting an entity, then deletes it: Cancel (where the focus starts) and the danger button,
 * busy while the request runs. `remove` deletes and resolves with the API's answer; `onDeleted` gets it
 * (say so and leave the page); a failure toasts `failedTitle` with the error's message, or goes to
 * `onFailure` when the section handles it (a 409: show what changed).
 *
 * @example
 * <DeleteDialog open={open} onOpenChange={setOpen} title={t('delete.title', { name })} description={t('delete.body')}
 *   confirmLabel={t('delete.confirm')} failedTitle={t('toast.deleteFailed')} remove={() => remove.mutateAsync(id)}
 *   onDeleted={() => { toast.success(t('toast.deleted')); navigate('..'); }} />
 */
export function DeleteDialog<Result>({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  failedTitle,
  remove,
  onDeleted,
  onFailure,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  failedTitle: string;
  remove: () => Promise<Result>;
  onDeleted: (result: Result) => void;
  onFailure?: (error: unknown) => void;
  /** What goes with it (counts of what is deleted along), between the text and the buttons. */
  children?: ReactNode;
}) {
  const t = useKitTexts();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (deleting) return;
    setDeleting(true);
    try {
      onDeleted(await remove());
    } catch (error) {
      if (onFailure) onFailure(error);
      else {
        const message = error instanceof Error ? error.message : undefined;
        toast.error(failedTitle, message ? { description: message } : undefined);
      }
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel={cancelLabel ?? t('cancel')}
      confirmLabel={confirmLabel ?? t('delete')}
      confirming={deleting}
      onConfirm={() => void confirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
