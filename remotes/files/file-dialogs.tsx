import { FileUpdateInput } from '../../shared/contracts/files';
import { useDeleteFile, useRenameFile } from '../../shared/files/dashboard-query';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toaster';
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
      failedTitle={t('rename.failed')}
      onClose={onClose}
      onSubmit={async () => {
        const body = form.check(FileUpdateInput, form.values);
        if (!body) return;
        await rename.mutateAsync(body.name);
        toast.success(t('rename.saved'));
        onClose();
      }}
    >
      <Field
        label={t('rename.label')}
        name="name"
        value={form.values.name}
        error={form.error('name')}
        maxLength={200}
        autoFocus
        onChange={form.set('name')}
      />
    </EntityFormDialog>
  );
}

/** Asks before deleting a file with all its versions, decisions and feedback. */
export function DeleteFileDialog({
  file,
  open,
  onOpenChange,
  onDeleted,
}: {
  file: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useFilesTexts();
  const remove = useDeleteFile();
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: file.name })}
      description={t('delete.body')}
      confirmLabel={t('delete.confirm')}
      failedTitle={t('delete.failed')}
      remove={() => remove.mutateAsync(file.id)}
      onDeleted={() => {
        toast.success(t('delete.deleted'));
        onDeleted();
      }}
    />
  );
}
