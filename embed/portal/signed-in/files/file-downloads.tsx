import { Download, FileCheck2, MessageSquareText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { FileDetail, FileVersion } from '../../../../shared/contracts/files';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { toast } from '../../../../shared/ui/toaster';
import { useI18n } from '../../i18n/i18n-context';
import { useSignedIn } from '../signed-in-context';
import { downloadAsset, type FileAsset, fileAssetPath } from './file-blobs';

const DECIDED = new Set(['approved', 'rejected', 'client_approved', 'client_rejected', 'revision_requested']);

function DownloadButton({
  icon,
  label,
  hint,
  busy,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <div className="grid gap-1">
      <Button variant="secondary" className="w-full justify-start" loading={busy} onClick={onClick}>
        {busy ? null : icon}
        {label}
      </Button>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

/**
 * A version's downloads: the original, the PDF with the feedback as annotations (a PDF with pins), and
 * the approval record once the version has a decision. Each is fetched with the client's token and saved
 * under the server's name.
 */
export function FileDownloads({ detail, version }: { detail: FileDetail; version: FileVersion }) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const [busy, setBusy] = useState<FileAsset | null>(null);
  const fileId = detail.file.id;
  const hasPins = detail.pins.some((pin) => pin.versionId === version.id);
  const decided = detail.history.some(
    (event) => event.kind === 'decision' && event.version.id === version.id && DECIDED.has(event.statusAfter),
  );
  const save = (asset: FileAsset, fallback: string) => {
    setBusy(asset);
    downloadAsset(fileAssetPath(portalId, fileId, version.id, asset), fallback, t('files.downloadFailed'))
      .catch((error: Error) => toast.error(t('files.downloadFailed'), { description: error.message }))
      .finally(() => setBusy(null));
  };
  const base = version.name.replace(/\.[^.]+$/, '');
  return (
    <section aria-labelledby="file-downloads" className="grid content-start gap-3">
      <h2 id="file-downloads" className="text-lg font-semibold">
        {t('files.downloads')}
      </h2>
      <Card className="grid gap-3 p-4">
        <DownloadButton
          icon={<Download aria-hidden="true" className="size-4" />}
          label={t('files.downloadOriginal')}
          busy={busy === 'download'}
          onClick={() => save('download', version.name)}
        />
        {version.kind === 'pdf' && hasPins ? (
          <DownloadButton
            icon={<MessageSquareText aria-hidden="true" className="size-4" />}
            label={t('files.downloadAnnotated')}
            hint={t('files.downloadAnnotatedHint')}
            busy={busy === 'annotated'}
            onClick={() => save('annotated', `${base}-feedback.pdf`)}
          />
        ) : null}
        {decided ? (
          <DownloadButton
            icon={<FileCheck2 aria-hidden="true" className="size-4" />}
            label={t('files.downloadRecord')}
            hint={t('files.downloadRecordHint')}
            busy={busy === 'approval-record'}
            onClick={() => save('approval-record', `${base}-approval-record.pdf`)}
          />
        ) : null}
      </Card>
    </section>
  );
}
