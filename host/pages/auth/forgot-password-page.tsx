import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Field } from '../../../shared/ui/field';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PublicLayout } from '../../layout/public-layout';
import { useAction } from '../../lib/use-action';
import { loadAuthForms } from './auth-forms-lazy';

/**
 * /auth/forgot-password: asks for the account's e-mail and mails a link to choose a new password. The
 * answer reads the same whether or not the address has an account (the API does not tell either), so the
 * page says "if an account exists". The sign-in form hands over what was typed there (history state).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public:forgot.title'));
  const typed = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(typed);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useAction(async (input: string) => {
    const { ForgotPasswordInput, validateForm, authApi } = await loadAuthForms();
    const result = validateForm(ForgotPasswordInput, { email: input }, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await authApi.forgotPassword(result.data.email);
      setSentTo(result.data.email);
    } catch (error) {
      const fields = fieldErrorsOf(t, error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else
        setNotice(
          error instanceof ApiError && error.code === 'rate_limited'
            ? t('auth.tooManyAttempts', { seconds: error.retryAfterSeconds ?? 60 })
            : describeFailure(t, error),
        );
    }
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    void send.run(email);
  }

  return (
    <PublicLayout>
      <Card className="mx-auto grid w-full max-w-md gap-5 p-6 sm:p-8">
        {sentTo ? (
          <div role="status" className="grid justify-items-center gap-4 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
              <MailCheck aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-2xl font-semibold">{t('public:forgot.sentTitle')}</h1>
            <p className="text-muted">{t('public:forgot.sentBody', { email: sentTo })}</p>
            <p className="text-sm text-subtle">{t('public:forgot.notReceived')}</p>
            <Link to="/auth" state={{ email: sentTo }} className={buttonClass('secondary', 'md')}>
              {t('public:forgot.backToSignIn')}
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
            <div className="grid gap-2">
              <h1 className="text-2xl font-semibold">{t('public:forgot.title')}</h1>
              <p className="text-muted">{t('public:forgot.intro')}</p>
            </div>
            <Field
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
            />
            {notice ? (
              <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
                {notice}
              </p>
            ) : null}
            <Button type="submit" size="lg" loading={send.pending} className="w-full">
              {send.pending ? t('public:forgot.submitting') : t('public:forgot.submit')}
            </Button>
            <Link
              to="/auth"
              className="justify-self-center text-sm font-medium text-primary-strong hover:underline"
            >
              {t('public:forgot.backToSignIn')}
            </Link>
          </form>
        )}
      </Card>
    </PublicLayout>
  );
}
