import { useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { useNavigate } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { useDeletePortal } from './portals-api';
import { SectionCard } from './ui';

/**
 * The danger zone: deletes the portal after a confirmation that says what goes with it (its clients with
 * their projects and invoices, its logo and custom domain); the toast counts what the API deleted.
 */
export function DeletePortal({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeletePortal(portal.id);

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        toast.success(t('portals:delete.deleted'), {
          description: deleted.clients
            ? t('portals:delete.deletedWith', {
                clients: t('portals:delete.clients', { count: deleted.clients }),
                projects: t('portals:delete.projects', { count: deleted.projects }),
                invoices: t('portals:delete.invoices', { count: deleted.invoices }),
              })
            : undefined,
        });
        navigate('/dashboard/portals', { replace: true });
      },
      onError: (error) => toast.error(t('portals:delete.failed'), { description: describeFailure(t, error) }),
    });
  }

  return (
    <SectionCard
      id="danger"
      title={t('portals:delete.title')}
      description={t('portals:delete.description')}
      danger
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('portals:delete.open')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('portals:delete.confirmTitle', { name: portal.portalName })}
        description={t('portals:delete.confirmBody')}
      >
        {portal.clientCount > 0 ? (
          <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
            {t('portals:delete.withClients', {
              clients: t('portals:delete.clients', { count: portal.clientCount }),
            })}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('portals:delete.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            {t('portals:delete.confirm')}
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}
