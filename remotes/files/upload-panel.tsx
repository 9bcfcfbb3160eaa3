import { useState } from 'react';
import { uploadToProject, useUploadedFile } from '../../shared/files/dashboard-query';
import { FileUploader } from '../../shared/files/file-uploader';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { SelectField } from '../../shared/ui/select-field';
import type { ProjectOption } from './api';
import { useFilesTexts } from './i18n';

/**
 * Upload into a chosen project: the project (preset from the list's project filter), then the kit's
 * uploader (several files, progress each). The list refreshes as each file arrives.
 */
export function UploadPanel({
  projects,
  defaultProjectId,
}: {
  projects: ProjectOption[];
  defaultProjectId: string;
}) {
  const { t } = useFilesTexts();
  const [projectId, setProjectId] = useState(defaultProjectId);
  const uploaded = useUploadedFile();
  if (projects.length === 0) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-muted">
        <p>{t('upload.noProjects')}</p>
        <Link to="/dashboard/projects" className={buttonClass('secondary', 'sm')}>
          {t('upload.toProjects')}
        </Link>
      </div>
    );
  }
  return (
    <section
      aria-label={t('upload.title')}
      className="grid gap-4 rounded-2xl border border-line bg-canvas p-4 shadow-xs"
    >
      <div className="max-w-sm">
        <SelectField
          label={t('upload.project')}
          hint={t('upload.projectHint')}
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
          options={[
            { value: '', label: t('upload.chooseProject') },
            ...projects.map((project) => ({ value: project.id, label: project.name })),
          ]}
        />
      </div>
      <FileUploader request={uploadToProject(projectId)} disabled={!projectId} onUploaded={uploaded} />
    </section>
  );
}
