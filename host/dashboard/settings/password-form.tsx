import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { ChangePasswordInput } from '../../../shared/contracts/account';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { validateForm } from '../../lib/form-errors';
import { dashboardApi } from '../dashboard-api';
import { dashboardKeys } from '../dashboard-keys';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password with the shared rules; the API ends every other session, and the message says so. */
export function PasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: dashboardApi.changePassword,
    onSuccess: ({ endedSessions }) => {
      setValues(EMPTY);
      const message = t('settings:password.changed', { count: endedSessions });
      setDone(message);
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.sessions });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(t, error);
      if (error instanceof ApiError && error.code === 'wrong_password') {
        fields.currentPassword = t('errors.wrong_password');
      }
      setErrors(fields);
      toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const result = validateForm(ChangePasswordInput, values, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    change.mutate(values);
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {/* Lets password managers attach the new password to the right account. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <Field
        label={t('settings:password.current')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={update('currentPassword')}
        error={errors.currentPassword}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('settings:password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={t('settings:password.rules')}
          value={values.newPassword}
          onChange={update('newPassword')}
          error={errors.newPassword}
        />
        <Field
          label={t('settings:password.confirm')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
        />
      </div>
      {done ? (
        <p role="status" className="rounded-lg bg-success-soft p-3 text-sm text-success">
          {done}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? t('settings:saving') : t('settings:password.save')}
        </Button>
      </div>
    </form>
  );
}
