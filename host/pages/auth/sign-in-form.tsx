import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import type { SignInInput } from '../../../shared/contracts/auth';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation, useNavigate } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { useAuth } from '../../auth/auth-provider';
import { returnPathOf } from '../../auth/require-auth';
import { useAction } from '../../lib/use-action';
import { loadAuthForms } from './auth-forms-lazy';
import { ResendVerificationButton } from './resend-verification';

/**
 * The form's error toasts share one id: a new failure replaces the last one, and signing in takes it away
 * (it would otherwise stay above the dashboard until it times out).
 */
const SIGN_IN_TOAST = 'staff-sign-in';

/** Sign in with e-mail and password (spec §8 messages). */
export function SignInForm() {
  const { t } = useTranslation();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // A page that sent the user here (password reset, "already verified") may hand over the address.
  const handedOver = (location.state as { email?: string } | null)?.email ?? '';
  const [values, setValues] = useState({ email: handedOver, password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Validation (zod contracts) and the typed client load on first focus or submit, not with the page.
  const signIn = useAction(async (input: SignInInput) => {
    const { SignInInput, validateForm, authApi } = await loadAuthForms();
    const result = validateForm(SignInInput, input, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      setSession(await authApi.signIn(input));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setUnverifiedEmail(input.email);
        return;
      }
      if (error instanceof ApiError && error.code === 'rate_limited') {
        setNotice(t('auth.tooManyAttempts', { seconds: error.retryAfterSeconds ?? 60 }));
        return;
      }
      setErrors(fieldErrorsOf(t, error));
      toast.error(t('auth.signInErrorTitle', { message: describeFailure(t, error, 'auth.signInFailed') }), {
        id: SIGN_IN_TOAST,
      });
      return;
    }
    toast.dismiss(SIGN_IN_TOAST);
    navigate(returnPathOf((location.state as { from?: unknown } | null)?.from), { replace: true });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setUnverifiedEmail(null);
    setNotice(null);
    void signIn.run(values);
  }

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
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
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <Link
        to="/auth/forgot-password"
        state={{ email: values.email.trim() }}
        className="-mt-2 justify-self-end text-sm font-medium text-primary-strong hover:underline"
      >
        {t('auth.forgotPassword')}
      </Link>
      {unverifiedEmail ? (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-warning/30 bg-warning-soft p-4 text-sm"
        >
          <p className="font-medium text-warning">{t('auth.unverifiedTitle')}</p>
          <p className="text-muted">{t('errors.email_not_verified')}</p>
          <div>
            <ResendVerificationButton email={unverifiedEmail} />
          </div>
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {notice}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={signIn.pending} className="mt-2 w-full">
        {signIn.pending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
