import { KeyRound, Link2, Mail, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../shared/api/error';
import { formatDate } from '../../shared/format/date';
import { useNavigate, useParams } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { DetailLoadFailed } from '../../shared/ui/load-failed';
import { DetailHeader } from '../../shared/ui/page-header';
import { DetailSkeleton } from '../../shared/ui/page-skeletons';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useClientDetail, useInviteClient, usePortals } from './api';
import { DeleteClientDialog } from './delete-client-dialog';
import { DetailCards } from './detail-cards';
import { useClientTexts } from './i18n';
import { PasswordDialog } from './password-dialog';

const ClientFormDialog = lazy(() => import('./client-form-dialog'));

type Open = 'edit' | 'delete' | 'password' | null;

/** One client (route `:clientId`): contact data, portal, projects, invoices and the actions on them. */
export default function ClientDetailPage() {
  const { t, lang } = useClientTexts();
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useClientDetail(clientId);
  const portals = usePortals();
  const invite = useInviteClient();
  const [open, setOpen] = useState<Open>(null);
  useDocumentTitle(detail.data?.name ?? t('title'));

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError)
    return (
      <DetailLoadFailed
        error={detail.error}
        t={(key) => t(key)}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );

  const client = detail.data;
  const portalUrl =
    portals.data?.find((portal) => portal.id === client.portal.id)?.portalUrl ??
    new URL(`/portal/${client.portal.id}`, window.location.origin).href;

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
    <div className="grid gap-6">
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
        actions={
          <>
            <Button size="sm" loading={invite.isPending} onClick={() => void sendInvite()}>
              <Mail aria-hidden="true" className="size-4" />
              {t('detail.invite')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void copyLink()}>
              <Link2 aria-hidden="true" className="size-4" />
              {t('detail.copyLink')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('password')}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t('detail.setPassword')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('edit')}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('detail.edit')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setOpen('delete')}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('detail.delete')}
            </Button>
          </>
        }
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
      <DeleteClientDialog
        client={client}
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        onDeleted={() => navigate('..', { replace: true })}
      />
    </div>
  );
}
