import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: project.name })}
      description={t('delete.body')}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('delete.cancel')}
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
          {t('delete.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
