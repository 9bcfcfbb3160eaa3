import { type FormEvent, useState } from 'react';
import { ApiError } from '../../shared/api/error';
import { ClientPasswordInput } from '../../shared/contracts/clients';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toaster';
import { useSetClientPassword } from './api';
import { useClientTexts } from './i18n';

/** Sets an initial portal password for a client who cannot receive mail (spec §5: at least 6 characters). */
export function PasswordDialog({
  clientId,
  clientName,
  open,
  onOpenChange,
}: {
  clientId: string;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useClientTexts();
  const setPassword = useSetClientPassword(clientId);
  const [password, setValue] = useState('');
  const [error, setError] = useState<string>();

  function close() {
    setValue('');
    setError(undefined);
    onOpenChange(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ClientPasswordInput.safeParse({ password });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.passwordTooShort'));
      return;
    }
    try {
      await setPassword.mutateAsync(password);
      toast.success(t('toast.passwordSet', { name: clientName }));
      close();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields[0] : undefined;
      if (field) setError(field.message);
      toast.error(t('toast.passwordFailed'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('password.title')}
      description={t('password.description')}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field
          label={t('password.label')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          hint={t('password.hint')}
          error={error}
          required
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('password.cancel')}
          </Button>
          <Button type="submit" loading={setPassword.isPending}>
            {t('password.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
