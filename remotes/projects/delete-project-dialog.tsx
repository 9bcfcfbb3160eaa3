import { ConfirmDialog } from '../../shared/ui/dialog';
import { toast } from '../../shared/ui/toaster';
import { type Project, useDeleteProject } from './api';
import { useProjectTexts } from './i18n';

/** Asks before deleting; the toast afterwards says how many invoices the API kept without the project. */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useProjectTexts();
  const remove = useDeleteProject();

  async function confirm() {
    try {
      const result = await remove.mutateAsync(project.id);
      toast.success(t('toast.deleted'), {
        description: result.keptInvoices
          ? t('toast.keptInvoices', { count: result.keptInvoices })
          : undefined,
      });
      onDeleted();
    } catch (error) {
      toast.error(t('toast.deleteFailed'), {
        description: error instanceof Error && error.message ? error.message : undefined,
      });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: project.name })}
      description={t('delete.body')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      confirming={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
