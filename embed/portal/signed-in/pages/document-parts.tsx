import { FileX, type LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';

/*
 * What the portal's invoice page and quote page share (issue 26): the download button, the two columns
 * (the document's description and lines, and beside them what the client can do), and the page's state
 * while the document is not there.
 */

/** A download of the document (its PDF, an e-invoice): busy while it runs, a toast (`failed`) when it fails. */
export function DownloadButton({
  icon: Icon,
  label,
  failed,
  download,
}: {
  icon: LucideIcon;
  label: string;
  failed: string;
  download: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={() => {
        setBusy(true);
        download()
          .catch(() => toast.error(failed))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? null : <Icon aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}

/** The page's body: `aside` (payment, decision) beside the description and the lines; first on a phone. */
export function DocumentColumns({
  description,
  aside,
  children,
}: {
  description: string | null;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-4 lg:col-start-2 lg:row-start-1">{aside}</div>
      <div className="grid content-start gap-6 lg:col-start-1 lg:row-start-1">
        {description ? <p className="break-words whitespace-pre-line text-muted">{description}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** A document not shown: "not found" (`notFound`: its title and body), the load error, or loading rows. */
export function MissingDocument({
  notFound,
  error,
  onRetry,
  title,
  body,
}: {
  notFound: boolean;
  error: Error | null;
  onRetry: () => void;
  title: string;
  body: string;
}) {
  if (notFound)
    return (
      <>
        <PageHeader title={title} />
        <Card>
          <EmptyState icon={FileX} title={title} body={body} />
        </Card>
      </>
    );
  return error ? <LoadFailed message={error.message} onRetry={onRetry} /> : <LoadingRows rows={4} />;
}
