import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { currentLanguage } from '../../../shared/i18n/index';
import { useTranslation } from '../../../shared/i18n/react';
import { useNavigate } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { useAction } from '../../lib/use-action';
import { loadAuthForms } from './auth-forms-lazy';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };

/** Sign up: full name, e-mail, password, confirmation; then the "check your e-mail" page. */
export function SignUpForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);

  // Validation (zod contracts) and the typed client load on first focus or submit, not with the page.
  const signUp = useAction(async (input: typeof EMPTY) => {
    const { SignUpInput, validateForm, authApi } = await loadAuthForms();
    const result = validateForm(SignUpInput, input, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    let created: { email: string };
    try {
      created = await authApi.signUp({
        ...input,
        fullName: input.fullName.trim() || undefined,
        language: currentLanguage(i18n),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_taken') {
        setErrors({ email: t('errors.email_taken') });
        toast.error(t('errors.email_taken'));
        return;
      }
      if (error instanceof ApiError && error.code === 'rate_limited') {
        setNotice(t('auth.tooManyAttempts', { seconds: error.retryAfterSeconds ?? 60 }));
        return;
      }
      setErrors(fieldErrorsOf(t, error));
      toast.error(
        error instanceof ApiError && error.code === 'validation_failed'
          ? describeFailure(t, error)
          : t('auth.signUpFailed'),
      );
      return;
    }
    navigate('/signup-success', { state: { email: created.email } });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    void signUp.run(values);
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
      <Field
        label={t('auth.fullName')}
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onChange={update('fullName')}
        error={errors.fullName}
      />
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <Field
        label={t('auth.confirmPassword')}
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
      <Button type="submit" size="lg" loading={signUp.pending} className="mt-2 w-full">
        {signUp.pending ? t('auth.signingUp') : t('auth.signUp')}
      </Button>
    </form>
  );
}
