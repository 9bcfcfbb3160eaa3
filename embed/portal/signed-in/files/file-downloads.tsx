import { Download, FileCheck2, MessageSquareText } from 'lucide-react';
import type { FileSummary, FileVersion } from '../../../../shared/contracts/files';
import { DownloadLink } from '../../../../shared/files/download-link';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { usePortalFileUrls } from './portal-files-kit';

/**
 * A version's downloads: the original; for an image or a PDF the PDF with every pin and decision as
 * notes ("with feedback"); the approval record (who decided what and when, with the SHA-256). Each is
 * read with the client's token and saved from an object URL (the kit's `DownloadLink`).
 */
export function FileDownloads({ file, version }: { file: FileSummary; version: FileVersion }) {
  const { t } = useI18n();
  const urls = usePortalFileUrls();
  const base = version.name.replace(/\.[^.]+$/, '') || file.name;
  return (
    <section aria-labelledby="file-downloads" className="grid content-start gap-3">
      <h2 id="file-downloads" className="text-lg font-semibold">
        {t('files.downloads')}
      </h2>
      <Card className="grid gap-3 p-4">
        <DownloadLink
          url={urls.download(file.id, version.id)}
          fileName={version.name}
          label={t('files.downloadOriginal')}
          variant="secondary"
          icon={<Download aria-hidden="true" className="size-4" />}
        />
        {version.kind === 'document' ? null : (
          <div className="grid gap-1">
            <DownloadLink
              url={urls.annotated(file.id, version.id)}
              fileName={`${base}-feedback.pdf`}
              label={t('files.downloadAnnotated')}
              variant="secondary"
              icon={<MessageSquareText aria-hidden="true" className="size-4" />}
            />
            <p className="text-xs text-muted">{t('files.downloadAnnotatedHint')}</p>
          </div>
        )}
        <div className="grid gap-1">
          <DownloadLink
            url={urls.approvalRecord(file.id, version.id)}
            fileName={`${base}-approval-record.pdf`}
            label={t('files.downloadRecord')}
            variant="secondary"
            icon={<FileCheck2 aria-hidden="true" className="size-4" />}
          />
          <p className="text-xs text-muted">{t('files.downloadRecordHint')}</p>
        </div>
      </Card>
    </section>
  );
}
