import { DeleteDialog } from '../../shared/ui/delete-dialog';
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
  const hasData = client.projects.length > 0 || client.invoices.length > 0;
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: client.name })}
      description={t('delete.body')}
      confirmLabel={t('delete.confirm')}
      failedTitle={t('toast.deleteFailed')}
      remove={() => remove.mutateAsync(client.id)}
      onDeleted={({ deleted: { projects, invoices } }) => {
        toast.success(t('toast.deleted'), {
          description: projects || invoices ? t('delete.withData', counts(projects, invoices)) : undefined,
        });
        onDeleted();
      }}
    >
      {hasData ? (
        <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {t('delete.withData', counts(client.projects.length, client.invoices.length))}
        </p>
      ) : null}
    </DeleteDialog>
  );
}
