import { KeyRound, Link2, Mail, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../shared/api/error';
import { formatDate } from '../../shared/format/date';
import { useNavigate, useParams } from '../../shared/router';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { DetailPage } from '../../shared/ui/detail-page';
import { DetailHeader } from '../../shared/ui/page-header';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { type ClientDetail, useClientDetail, useDeleteClient, useInviteClient, usePortals } from './api';
import { DetailCards } from './detail-cards';
import { useClientTexts } from './i18n';
import { PasswordDialog } from './password-dialog';

const ClientFormDialog = lazy(() => import('./client-form-dialog'));

type Open = 'edit' | 'delete' | 'password' | null;

/** One client (route `:clientId`): contact data, portal, projects, invoices and the actions on them. */
export default function ClientDetailPage() {
  const { t } = useClientTexts();
  const { clientId = '' } = useParams();
  const detail = useClientDetail(clientId);
  useDocumentTitle(detail.data?.name ?? t('title'));
  return (
    <DetailPage query={detail} t={(key) => t(key)}>
      {(client) => <ClientView client={client} />}
    </DetailPage>
  );
}

function ClientView({ client }: { client: ClientDetail }) {
  const { t, lang } = useClientTexts();
  const navigate = useNavigate();
  const portals = usePortals();
  const invite = useInviteClient();
  const remove = useDeleteClient();
  const [open, setOpen] = useState<Open>(null);
  const portalUrl =
    portals.data?.find((portal) => portal.id === client.portal.id)?.portalUrl ??
    new URL(`/portal/${client.portal.id}`, window.location.origin).href;
  /** "Their 2 projects and 1 invoice are deleted with them." */
  const withData = (projects: number, invoices: number) =>
    t('delete.withData', {
      projects: t('delete.projects', { count: projects }),
      invoices: t('delete.invoices', { count: invoices }),
    });

  async function sendInvite() {
    try {
      await invite.mutateAsync(client.id);
      toast.success(t('toast.invited', { email: client.email }));
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      // An invitation limit's message (the API's, in this language) names the limit and the wait.
      const limited = failure?.code === 'invitation_limit';
      toast.error(t(limited ? 'toast.inviteLimited' : 'toast.inviteFailed'), {
        description:
          failure?.status === 503
            ? t('toast.mailFailed')
            : error instanceof Error
              ? error.message
              : undefined,
      });
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(portalUrl);
      toast.success(t('toast.linkCopied'));
    } catch {
      toast.error(t('toast.copyFailed'), { description: portalUrl });
    }
  }

  return (
    <>
      <DetailHeader
        back={{ label: t('detail.back') }}
        title={client.name}
        meta={
          <p className="text-sm text-muted">
            {[client.company, t('detail.since', { date: formatDate(client.createdAt, lang) })]
              .filter(Boolean)
              .join(' · ')}
          </p>
        }
        actions={[
          {
            label: t('detail.invite'),
            icon: Mail,
            variant: 'primary',
            loading: invite.isPending,
            onClick: () => void sendInvite(),
          },
          { label: t('detail.copyLink'), icon: Link2, onClick: () => void copyLink() },
          { label: t('detail.setPassword'), icon: KeyRound, onClick: () => setOpen('password') },
          { label: t('detail.edit'), icon: Pencil, onClick: () => setOpen('edit') },
          { label: t('detail.delete'), icon: Trash2, variant: 'danger', onClick: () => setOpen('delete') },
        ]}
      />
      <DetailCards client={client} />
      {open === 'edit' ? (
        <Suspense fallback={null}>
          <ClientFormDialog
            client={client}
            portals={portals.data ?? [client.portal]}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
      {open === 'password' ? (
        <PasswordDialog clientId={client.id} clientName={client.name} onClose={() => setOpen(null)} />
      ) : null}
      {/* Says what goes with the client: the counts shown come from the detail, the toast's from what the API deleted. */}
      <DeleteDialog
        t={t}
        name={client.name}
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        remove={() => remove.mutateAsync(client.id)}
        doneDetail={({ deleted }) =>
          deleted.projects || deleted.invoices ? withData(deleted.projects, deleted.invoices) : undefined
        }
        onDeleted={() => navigate('..', { replace: true })}
      >
        {client.projects.length > 0 || client.invoices.length > 0 ? (
          <p className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
            {withData(client.projects.length, client.invoices.length)}
          </p>
        ) : null}
      </DeleteDialog>
    </>
  );
}
