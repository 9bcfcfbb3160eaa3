import { FileUpdateInput } from '../../shared/contracts/files';
import { useRenameFile } from '../../shared/files/dashboard-query';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { useFilesTexts } from './i18n';

/** Renames a file (the contract's `FileUpdateInput`: required, at most 200 characters). */
export function RenameFileDialog({
  file,
  onClose,
}: {
  file: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useFilesTexts();
  const rename = useRenameFile(file.id);
  const form = useEntityForm({ initial: () => ({ name: file.name }), fields: ['name'], t });
  return (
    <EntityFormDialog
      form={form}
      title={t('rename.title')}
      submitLabel={t('rename.save')}
      doneMessage={t('rename.saved')}
      failedTitle={t('rename.failed')}
      onClose={onClose}
      onSubmit={async () => {
        const body = form.check(FileUpdateInput, form.values);
        if (!body) return false;
        await rename.mutateAsync(body.name);
      }}
    >
      <Field label={t('rename.label')} {...form.field('name')} maxLength={200} autoFocus />
    </EntityFormDialog>
  );
}
