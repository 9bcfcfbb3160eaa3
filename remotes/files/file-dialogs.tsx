import { type FormEvent, useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import { FileUpdateInput } from '../../shared/contracts/files';
import { useDeleteFile, useRenameFile } from '../../shared/files/dashboard-query';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog, Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toaster';
import { useFilesTexts } from './i18n';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

/** Renames a file (the contract's `FileUpdateInput`: required, at most 200 characters). */
export function RenameFileDialog({
  file,
  open,
  onOpenChange,
}: {
  file: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useFilesTexts();
  const rename = useRenameFile(file.id);
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = FileUpdateInput.safeParse({ name });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.fileNameRequired'));
      return;
    }
    try {
      await rename.mutateAsync(parsed.data.name);
      toast.success(t('rename.saved'));
      onOpenChange(false);
    } catch (cause) {
      // By shape, not `instanceof`: the kit's queries are the host's shared copy, with its own ApiError class.
      const fields = (cause as Partial<ApiError> | undefined)?.fields ?? [];
      const field = fields.find((f) => f.path === 'name');
      if (field) setError(field.message);
      else toast.error(t('rename.failed'), { description: messageOf(cause) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('rename.title')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label={t('rename.label')}
          value={name}
          error={error}
          maxLength={200}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('rename.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('rename.save')}
          </Button>
        </div>
      </form>
    </Dialog>
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

  async function confirm() {
    try {
      await remove.mutateAsync(file.id);
      toast.success(t('delete.deleted'));
      onDeleted();
    } catch (cause) {
      toast.error(t('delete.failed'), { description: messageOf(cause) });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title', { name: file.name })}
      description={t('delete.body')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      confirming={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
