import { Upload } from 'lucide-react';
import { Button } from '../../../../shared/ui/button';
import { useI18n } from '../../i18n/i18n-context';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { useFileFilter } from '../files/file-filters';
import { useFileList } from '../files/files-data';
import { FilesSection } from '../files/files-section';
import { PortalFilesKit } from '../files/portal-files-kit';
import { UploadPanel, useUploadToggle } from '../files/upload-panel';
import { useSignedIn } from '../signed-in-context';
import { PageHeader } from '../ui/page-header';

/**
 * The client's files across their projects (issue 20): filters by project and status, the files waiting
 * for the client's decision first, and an upload into one of the client's projects. Each file opens its
 * own page (`files/{fileId}`).
 */
export default function FilesPage() {
  const { t } = useI18n();
  const { portalId, branding, pathTo } = useSignedIn();
  usePageTitle(t('nav.files'), branding?.name);
  const [filter, setFilter] = useFileFilter(pathTo('files'));
  const list = useFileList(portalId, filter);
  useFirstContentMark(list.data !== undefined || list.error !== null);
  const upload = useUploadToggle();
  return (
    <PortalFilesKit>
      <PageHeader
        title={t('files.title')}
        description={t('files.subtitle')}
        actions={
          upload.open ? null : (
            <Button id={upload.buttonId} onClick={upload.show}>
              <Upload aria-hidden="true" className="size-4" />
              {t('files.upload')}
            </Button>
          )
        }
      />
      <div className="grid gap-6">
        {upload.open ? <UploadPanel projectId={filter.projectId} onClose={upload.close} /> : null}
        <FilesSection
          filter={filter}
          onFilterChange={setFilter}
          withProjectFilter
          emptyTitle={t('files.empty')}
          emptyBody={t('files.emptyBody')}
          list={list}
        />
      </div>
    </PortalFilesKit>
  );
}
