import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useNavigate, useSearchParams } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useAuth } from '../../auth/auth-provider';
import { PublicLayout } from '../../layout/public-layout';
import { useAction } from '../../lib/use-action';
import { loadAuthForms } from './auth-forms-lazy';

const EMPTY = { newPassword: '', confirmPassword: '' };

/**
 * /auth/reset-password?token=…: the page of the mailed reset link. Opening it does nothing (mail scanners
 * open links); the password changes only when the user submits. A reset ends every session of the
 * account, this browser's too, so the user then signs in with the new password (OWASP's advice: no
 * automatic sign-in after a reset), with the address filled in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public:reset.title'));
  const token = useSearchParams()[0].get('token');
  const { clearSession } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : t('public:reset.missingToken'));

  const save = useAction(async (input: typeof EMPTY) => {
    const { ResetPasswordInput, validateForm, authApi } = await loadAuthForms();
    const body = { token: token ?? '', ...input };
    const result = validateForm(ResetPasswordInput, body, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      const { email } = await authApi.resetPassword(body);
      clearSession();
      toast.success(t('public:reset.success'));
      navigate('/auth', { replace: true, state: { email } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        setFailure(describeFailure(t, error));
        return;
      }
      const fields = fieldErrorsOf(t, error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setNotice(describeFailure(t, error));
    }
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    void save.run(values);
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <PublicLayout>
      {failure ? (
        <Card role="alert" className="mx-auto grid max-w-md gap-4 p-8 text-center">
          <h1 className="text-2xl font-semibold">{t('public:reset.failedTitle')}</h1>
          <p className="text-muted">{failure}</p>
          <div>
            <Link to="/auth/forgot-password" className={buttonClass('primary', 'md')}>
              {t('public:reset.requestNew')}
            </Link>
          </div>
        </Card>
      ) : (
        <Card className="mx-auto grid w-full max-w-md p-6 sm:p-8">
          <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
            <div className="grid gap-2">
              <h1 className="text-2xl font-semibold">{t('public:reset.title')}</h1>
              <p className="text-muted">{t('public:reset.intro')}</p>
            </div>
            <Field
              label={t('public:reset.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={update('newPassword')}
              error={errors.newPassword}
            />
            <Field
              label={t('public:reset.confirmNewPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={update('confirmPassword')}
              error={errors.confirmPassword}
            />
            {notice ? (
              <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
                {notice}
              </p>
            ) : null}
            <Button type="submit" size="lg" loading={save.pending} className="w-full">
              {save.pending ? t('public:reset.submitting') : t('public:reset.submit')}
            </Button>
            <Link
              to="/auth"
              className="justify-self-center text-sm font-medium text-primary-strong hover:underline"
            >
              {t('public:reset.backToSignIn')}
            </Link>
          </form>
        </Card>
      )}
    </PublicLayout>
  );
}
