import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { toast } from '../../shared/ui/toaster';
import { type ClientDetail, useDeleteClient } from './api';
import { useClientTexts } from './i18n';

/**
 * Asks before deleting and says what goes with the client: the counts come from the detail already shown,
 * the toast afterwards uses the counts the API actually deleted.
 */
export function DeleteClientDialog({
  client,
  open,
  onOpenChange,
  onDeleted,
}: {
  client: ClientDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useClientTexts();
  const remove = useDeleteClient();
  const counts = (projects: number, invoices: number) => ({
    projects: t('delete.projects', { count: projects }),
    invoices: t('delete.invoices', { count: invoices }),
  });

  async function confirm() {
    try {
      const result = await remove.mutateAsync(client.id);
      const { projects, invoices } = result.deleted;
      toast.success(t('toast.deleted'), {
        description: projects || invoices ? t('delete.withData', counts(projects, invoices)) : undefined,
      });
      onDeleted();
    } catch (error) {
      toast.error(t('toast.deleteFailed'), {
        description: error instanceof Error && error.message ? error.message : undefined,
      });
    }
  }

  const hasData = client.projects.length > 0 || client.invoices.length > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: client.name })}
      description={t('delete.body')}
    >
      {hasData ? (
        <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {t('delete.withData', counts(client.projects.length, client.invoices.length))}
        </p>
      ) : null}
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
