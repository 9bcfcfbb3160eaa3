import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../../shared/api/error';
import { PortalPasswordInput } from '../../../../../shared/contracts/portal-client';
import { Button } from '../../../../../shared/ui/button';
import { Card } from '../../../../../shared/ui/card';
import { Field } from '../../../../../shared/ui/field';
import { toast } from '../../../../../shared/ui/toaster';
import { call } from '../../../api/portal-api';
import { useI18n } from '../../../i18n/i18n-context';
import { useAction } from '../../data-store';
import { storeClient } from '../../session-sync';
import { useSignedIn } from '../../signed-in-context';

type Values = { currentPassword: string; password: string; confirmPassword: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Sets a first password (a client who signs in by magic link) or changes it with the current one; at least
 * 6 characters (spec §5). The client's other devices are signed out by the change.
 */
export function PasswordForm() {
  const { t } = useI18n();
  const { portalId, session } = useSignedIn();
  const hasPassword = session.client.hasPassword;
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const save = useAction(
    (body: { currentPassword?: string; password: string; confirmPassword: string }) =>
      call(
        (api) => api.POST('/api/portal/{portalId}/password', { params: { path: { portalId } }, body }),
        t('errors.network'),
      ),
    {
      onSuccess: (result) => {
        storeClient({ ...session.client, hasPassword: true });
        setValues(EMPTY);
        toast.success(t('toast.passwordSaved'), {
          description: result.endedSessions > 0 ? t('toast.otherDevicesSignedOut') : undefined,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.length > 0) {
          setErrors(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
        } else {
          toast.error(t('toast.profileFailed', { message: error.message }));
        }
      },
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = hasPassword
      ? values
      : { password: values.password, confirmPassword: values.confirmPassword };
    const parsed = PortalPasswordInput.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0]) as keyof Values;
        found[path] ??= t(issue.message);
      }
      setErrors(found);
      return;
    }
    if (hasPassword && !values.currentPassword) {
      setErrors({ currentPassword: t('validation.passwordRequired') });
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
    />
  );

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">
            {hasPassword ? t('profile.changePassword') : t('profile.setPassword')}
          </h2>
          <p className="text-sm text-muted">
            {hasPassword ? t('profile.changePasswordBody') : t('profile.setPasswordBody')}
          </p>
        </div>
        {hasPassword ? field('currentPassword', t('profile.currentPassword'), 'current-password') : null}
        {field('password', t('profile.newPassword'), 'new-password')}
        {field('confirmPassword', t('profile.confirmPassword'), 'new-password')}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('profile.savePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
