import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './dialog';
import { useKitTexts } from './kit-texts';
import { toast } from './toaster';

/**
 * Asks before deleting an entity, then deletes it: Cancel (where the focus starts) and the danger button,
 * busy while the request runs. Its texts are the section's standard keys, read through `t`:
 * `delete.title` (with `name`), `delete.body`, `delete.confirm`, and the toasts `toast.deleted` and
 * `toast.deleteFailed`. `remove` deletes and resolves with the API's answer; `doneDetail` may say more in
 * the success toast (what went with it); `onDeleted` then leaves the page. A failure toasts with the
 * error's message, or goes to `onFailure` when the section handles it (a 409: show what changed).
 *
 * @example
 * <DeleteDialog t={t} name={project.name} open={open} onOpenChange={setOpen}
 *   remove={() => remove.mutateAsync(project.id)} onDeleted={() => navigate('..', { replace: true })} />
 */
export function DeleteDialog<Result>({
  t,
  name,
  open,
  onOpenChange,
  remove,
  doneDetail,
  onDeleted,
  onFailure,
  children,
}: {
  t: (key: string, values?: Record<string, string>) => string;
  name?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  remove: () => Promise<Result>;
  doneDetail?: (result: Result) => string | undefined;
  onDeleted: (result: Result) => void;
  onFailure?: (error: unknown) => void;
  /** What goes with it (counts of what is deleted along), between the text and the buttons. */
  children?: ReactNode;
}) {
  const kit = useKitTexts();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (deleting) return;
    setDeleting(true);
    try {
      const result = await remove();
      toast.success(t('toast.deleted'), { description: doneDetail?.(result) });
      onDeleted(result);
    } catch (error) {
      if (onFailure) onFailure(error);
      else {
        const message = error instanceof Error ? error.message : undefined;
        toast.error(t('toast.deleteFailed'), message ? { description: message } : undefined);
      }
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', name === undefined ? undefined : { name })}
      description={t('delete.body')}
      cancelLabel={kit('cancel')}
      confirmLabel={t('delete.confirm')}
      confirming={deleting}
      onConfirm={() => void confirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
