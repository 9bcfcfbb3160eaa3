import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { Link } from '../router';
import { Button, buttonClass } from './button';
import { useKitTexts } from './kit-texts';
import { StatePanel } from './state-panel';

/**
 * A list or page that did not load (every section renders its own failures): an alert with the reason and
 * Retry, which shows its progress while the query fetches again.
 */
export function LoadFailedPanel({
  title,
  body,
  retry,
  retrying,
  onRetry,
}: {
  title: string;
  /** Why, or what to do; the kit's "Check your connection and try again." by default. */
  body?: string | undefined;
  retry?: string | undefined;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useKitTexts();
  return (
    <StatePanel
      role="alert"
      icon={<AlertTriangle aria-hidden="true" className="size-6" />}
      title={title}
      body={body ?? t('loadFailedBody')}
    >
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {retry ?? t('retry')}
      </Button>
    </StatePanel>
  );
}

/**
 * Whether a detail request failed because the thing is not there (another tenant's, deleted, a bad id):
 * an `ApiError` with 404 or 422. Read by its `status`, not `instanceof`: this module is the host's shared
 * copy, and a remote's errors are instances of the remote's own copy of the class.
 */
export function isNotFound(error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return status === 404 || status === 422;
}

/** The way back from a detail page to its list (relative `..` by default). */
export function BackLink({ label, to = '..' }: { label: string; to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/**
 * A detail page (a client, a project, a file) that did not load, under its back link: "does not exist"
 * with a way back to the list, or the failure with Retry. Its texts are the section's standard keys
 * (`error.notFound`, `error.detailTitle`, `detail.back`), read through `t`, and the kit's own.
 */
export function DetailLoadFailed({
  error,
  t,
  retrying,
  onRetry,
}: {
  error: unknown;
  t: (key: string) => string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="grid gap-6">
      <BackLink label={t('detail.back')} />
      {isNotFound(error) ? (
        <StatePanel
          role="alert"
          icon={<AlertTriangle aria-hidden="true" className="size-6" />}
          title={t('error.notFound')}
        >
          <Link to=".." className={buttonClass('secondary')}>
            {t('detail.back')}
          </Link>
        </StatePanel>
      ) : (
        <LoadFailedPanel title={t('error.detailTitle')} retrying={retrying} onRetry={onRetry} />
      )}
    </div>
  );
}
