import { AlertTriangle, SearchX } from 'lucide-react';
import { describeFailure } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useParams } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { StatePanel } from '../../../shared/ui/state-panel';
import { PortalEditor } from './portal-editor';
import { usePortal } from './portals-api';

/** /dashboard/portals/new and /dashboard/portals/{portalId}: the editor, once the portal is loaded. */
export default function PortalEditorPage() {
  const { portalId } = useParams();
  if (!portalId) return <PortalEditor key="new" />;
  return <ExistingPortal portalId={portalId} />;
}

function ExistingPortal({ portalId }: { portalId: string }) {
  const { t } = useTranslation();
  const portal = usePortal(portalId);
  if (portal.data) return <PortalEditor key={portal.data.id} portal={portal.data} />;
  if (portal.isError) return <PortalLoadFailed error={portal.error} onRetry={() => void portal.refetch()} />;
  return (
    <div role="status" aria-label={t('app.loading')} className="grid gap-6">
      <div className="h-8 w-64 animate-pulse rounded-lg bg-surface" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="h-96 animate-pulse rounded-2xl bg-surface" />
        <div className="h-96 animate-pulse rounded-2xl bg-surface" />
      </div>
    </div>
  );
}

/** Another provider's portal (or a deleted one) answers 404: said plainly, with the way back. */
export function PortalLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
  return (
    <StatePanel
      role="alert"
      icon={
        missing ? (
          <SearchX aria-hidden="true" className="size-6" />
        ) : (
          <AlertTriangle aria-hidden="true" className="size-6" />
        )
      }
      title={missing ? t('portals:editor.notFound') : t('portals:editor.loadFailed')}
      body={missing ? t('portals:editor.notFoundBody') : describeFailure(t, error)}
    >
      {missing ? null : (
        <Button variant="secondary" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      )}
      <Link to="/dashboard/portals" className={buttonClass(missing ? 'primary' : 'ghost')}>
        {t('portals:editor.back')}
      </Link>
    </StatePanel>
  );
}
