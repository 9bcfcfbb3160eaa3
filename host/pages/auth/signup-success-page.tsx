import { MailCheck } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PublicLayout } from '../../layout/public-layout';
import { ResendVerificationButton } from './resend-verification';

/**
 * After sign-up: asks the user to verify their e-mail (spec §8). The address travels in history state,
 * not in the URL, so it does not end up in logs or referrers.
 */
export default function SignupSuccessPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public:signupSuccess.title'));
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <PublicLayout>
      <Card className="mx-auto grid max-w-md gap-5 p-8 text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold">{t('public:signupSuccess.title')}</h1>
        <p className="text-muted">
          {email ? t('public:signupSuccess.body', { email }) : t('public:signupSuccess.bodyNoEmail')}
        </p>
        <p className="text-sm text-subtle">{t('public:signupSuccess.notReceived')}</p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          {email ? <ResendVerificationButton email={email} label={t('public:signupSuccess.resend')} /> : null}
          <Link to="/auth" className={buttonClass('ghost', 'md')}>
            {t('public:signupSuccess.toSignIn')}
          </Link>
        </div>
      </Card>
    </PublicLayout>
  );
}
