import { ClientPasswordInput } from '../../shared/contracts/clients';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { useSetClientPassword } from './api';
import { useClientTexts } from './i18n';

/** Sets an initial portal password for a client who cannot receive mail (spec §5: at least 6 characters). */
export function PasswordDialog({
  clientId,
  clientName,
  onClose,
}: {
  clientId: string;
  clientName: string;
  onClose: () => void;
}) {
  const { t } = useClientTexts();
  const setPassword = useSetClientPassword(clientId);
  const form = useEntityForm({ initial: () => ({ password: '' }), fields: ['password'], t });

  return (
    <EntityFormDialog
      form={form}
      title={t('password.title')}
      description={t('password.description')}
      submitLabel={t('password.save')}
      doneMessage={t('toast.passwordSet', { name: clientName })}
      failedTitle={t('toast.passwordFailed')}
      onClose={onClose}
      onSubmit={async () => {
        const body = form.check(ClientPasswordInput, form.values);
        if (!body) return false;
        await setPassword.mutateAsync(body.password);
      }}
    >
      <Field
        label={t('password.label')}
        {...form.field('password')}
        type="password"
        autoComplete="new-password"
        hint={t('password.hint')}
        required
      />
    </EntityFormDialog>
  );
}
