import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FileSummary } from '../../../../shared/contracts/files';
import { FileUploader } from '../../../../shared/files/file-uploader';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { SelectField } from '../../../../shared/ui/select-field';
import { useI18n } from '../../i18n/i18n-context';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { clientHeaders } from './file-blobs';
import { filesUploaded } from './files-data';
import { usePortalFileUrls } from './portal-files-kit';

/** An "Upload files" button that takes the focus back when the panel it opened closes. */
export function useUploadToggle() {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const closed = useRef(false);
  useEffect(() => {
    if (!open && closed.current) document.getElementById(buttonId)?.focus();
  }, [open, buttonId]);
  return {
    open,
    buttonId,
    show: () => setOpen(true),
    close: () => {
      closed.current = true;
      setOpen(false);
    },
  };
}

/**
 * The client's upload into one of their projects: the project (fixed on a project's page; chosen on the
 * Files page, preselected when there is one), then the shared uploader (several files, a real progress bar
 * each, the server's translated refusals: too large, wrong type, empty). Each arrival reloads the lists.
 */
export function UploadPanel({ projectId, onClose }: { projectId?: string | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const urls = usePortalFileUrls();
  const projects = useProjects(portalId);
  const items = projects.data?.items ?? [];
  const [chosen, setChosen] = useState<string>('');
  const only = items.length === 1 ? items[0]?.id : undefined;
  const target = projectId ?? (chosen || only || '');
  // Opened from a button that gives way to it: focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {t('files.uploadTitle')}
          </h2>
          <p className="text-sm text-muted">{t('files.uploadBody')}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('files.closeUpload')}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {projectId ? null : projects.data && items.length === 0 ? (
        <p className="text-sm text-muted">{t('files.noProjects')}</p>
      ) : (
        <SelectField
          label={t('files.uploadInto')}
          name="upload-project"
          value={target}
          onChange={(event) => setChosen(event.target.value)}
          options={[
            ...(target ? [] : [{ value: '', label: t('files.chooseProject') }]),
            ...items.map((project) => ({ value: project.id, label: project.name })),
          ]}
        />
      )}
      {target ? (
        <FileUploader<FileSummary>
          request={() => ({ url: urls.projectUpload(target), headers: clientHeaders() })}
          onUploaded={(file) => filesUploaded(portalId, [file.project.id])}
        />
      ) : null}
    </Card>
  );
}
