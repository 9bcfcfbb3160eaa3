import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { DeleteAccountInput } from '../../../shared/contracts/account';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { validateForm } from '../../lib/form-errors';
import { dashboardApi } from '../dashboard-api';
import { useLeaveDashboard } from '../shell/use-leave-dashboard';

const EMPTY = { confirm: '', password: '' };

/** Danger zone: deletes the account and all its data after typing DELETE and the password; then to /. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="max-w-md text-sm text-muted">{t('settings:danger.body')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('settings:danger.delete')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('settings:danger.confirmTitle')}
        description={t('settings:danger.confirmBody')}
      >
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const leave = useLeaveDashboard();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const remove = useMutation({
    mutationFn: dashboardApi.deleteAccount,
    onSuccess: () => {
      toast.success(t('settings:danger.deleted'));
      leave('/');
    },
    onError: (error) => {
      const fields = fieldErrorsOf(t, error);
      if (error instanceof ApiError && error.code === 'wrong_password')
        fields.password = t('errors.wrong_password');
      setErrors(fields);
      if (!fields.password) toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(DeleteAccountInput, values, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    remove.mutate({ password: values.password, confirm: 'DELETE' });
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field
        label={t('settings:danger.typeDelete')}
        name="confirm"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.confirm}
        onChange={update('confirm')}
        error={errors.confirm}
      />
      <Field
        label={t('settings:danger.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('settings:danger.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          loading={remove.isPending}
          disabled={values.confirm !== 'DELETE'}
        >
          {t('settings:danger.deleteForever')}
        </Button>
      </div>
    </form>
  );
}
