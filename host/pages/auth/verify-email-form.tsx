import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import type { SessionResponse } from '../../../shared/contracts/auth';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { useAction } from '../../lib/use-action';
import { loadAuthForms } from './auth-forms-lazy';

type Mode = 'current' | 'new';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** What the page does with the outcome of a submit it cannot handle inside the form. */
export type VerifyOutcome =
  | { kind: 'signedIn'; session: SessionResponse }
  | { kind: 'alreadyVerified' }
  | { kind: 'invalid'; message: string };

/**
 * Finishes a sign-up from the mailed link (issue 17): the owner types the password chosen at sign-up, or,
 * if they did not sign up themselves (someone else may have used their address) or forgot it, chooses a
 * new one. Nothing is sent until they submit.
 */
export function VerifyEmailForm({
  token,
  email,
  onOutcome,
}: {
  token: string;
  email: string;
  onOutcome: (outcome: VerifyOutcome) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('current');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [wrongPassword, setWrongPassword] = useState(false);

  const verify = useAction(async (input: { mode: Mode; values: typeof EMPTY }) => {
    const { VerifyEmailInput, validateForm, authApi } = await loadAuthForms();
    const body =
      input.mode === 'current'
        ? { token, currentPassword: input.values.currentPassword }
        : { token, newPassword: input.values.newPassword, confirmPassword: input.values.confirmPassword };
    const result = validateForm(VerifyEmailInput, body, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      onOutcome({ kind: 'signedIn', session: await authApi.verifyEmail(body) });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'email_already_verified') return onOutcome({ kind: 'alreadyVerified' });
      if (code === 'invalid_token') return onOutcome({ kind: 'invalid', message: describeFailure(t, error) });
      if (code === 'wrong_password') setWrongPassword(true);
      const fields = fieldErrorsOf(t, error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setNotice(describeFailure(t, error));
    }
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    void verify.run({ mode, values });
  }

  function switchTo(next: Mode) {
    setMode(next);
    setErrors({});
    setNotice(null);
    setWrongPassword(false);
  }

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const linkButton = 'justify-self-start text-left text-sm font-medium text-primary-strong hover:underline';

  return (
    <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">
          {mode === 'current' ? t('public:verify.title') : t('public:verify.newTitle')}
        </h1>
        <p className="text-muted">
          {mode === 'current' ? t('public:verify.intro', { email }) : t('public:verify.newIntro', { email })}
        </p>
      </div>
      {/* Lets a password manager file the password under this account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {mode === 'current' ? (
        <Field
          key="current"
          label={t('auth.password')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={update('currentPassword')}
          error={errors.currentPassword}
        />
      ) : (
        <>
          <Field
            key="new"
            label={t('public:verify.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={update('newPassword')}
            error={errors.newPassword}
          />
          <Field
            label={t('public:verify.confirmNewPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={update('confirmPassword')}
            error={errors.confirmPassword}
          />
        </>
      )}
      {mode === 'current' && wrongPassword ? (
        <p className="text-sm text-muted">{t('public:verify.wrongPasswordHint')}</p>
      ) : null}
      {notice ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {notice}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={verify.pending} className="w-full">
        {verify.pending
          ? t('public:verify.submitting')
          : mode === 'current'
            ? t('public:verify.submit')
            : t('public:verify.submitNew')}
      </Button>
      {mode === 'current' ? (
        <button type="button" className={linkButton} onClick={() => switchTo('new')}>
          {t('public:verify.chooseNew')}
        </button>
      ) : (
        <button type="button" className={linkButton} onClick={() => switchTo('current')}>
          {t('public:verify.useCurrent')}
        </button>
      )}
    </form>
  );
}
