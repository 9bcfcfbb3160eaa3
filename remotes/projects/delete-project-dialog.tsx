import { DeleteDialog } from '../../shared/ui/delete-dialog';
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
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: project.name })}
      description={t('delete.body')}
      confirmLabel={t('delete.confirm')}
      failedTitle={t('toast.deleteFailed')}
      remove={() => remove.mutateAsync(project.id)}
      onDeleted={(result) => {
        toast.success(t('toast.deleted'), {
          description: result.keptInvoices
            ? t('toast.keptInvoices', { count: result.keptInvoices })
            : undefined,
        });
        onDeleted();
      }}
    />
  );
}
