import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import type { VerificationStatus } from '../../../shared/contracts/auth';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useNavigate, useSearchParams } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageFallback } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toaster';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { authApi } from '../../auth/auth-api';
import { useAuth } from '../../auth/auth-provider';
import { PublicLayout } from '../../layout/public-layout';
import { VerifyEmailForm, type VerifyOutcome } from './verify-email-form';

type View =
  | { kind: 'checking' }
  | { kind: 'pending'; email: string }
  | { kind: 'verified'; email: string | null }
  | { kind: 'invalid'; message: string };

// One status read per token even when React runs the effect twice (StrictMode).
const statusOf = new Map<string, Promise<VerificationStatus>>();

/**
 * /auth/verify?token=…: loading the page only READS the link (what it is for, whether it is still
 * needed); it never verifies or signs in by itself (finding 8: a link opened by a mail scanner, or a forged
 * link that would sign a victim's browser into someone else's account, does nothing). The user then
 * confirms with their sign-up password or a new one (`VerifyEmailForm`). A link that was used already, or
 * whose address is verified, says so and offers the dashboard or sign-in instead of "could not verify".
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  const auth = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(
    token ? { kind: 'checking' } : { kind: 'invalid', message: t('public:verify.missingToken') },
  );
  useDocumentTitle(
    view.kind === 'verified'
      ? t('public:verify.alreadyTitle')
      : view.kind === 'invalid'
        ? t('public:verify.failedTitle')
        : t('public:verify.title'),
  );

  useEffect(() => {
    if (!token) return;
    let promise = statusOf.get(token);
    if (!promise) {
      promise = authApi.verificationStatus(token);
      statusOf.set(token, promise);
    }
    let active = true;
    promise.then(
      (status) => {
        if (active) setView({ kind: status.state, email: status.email });
      },
      (error: unknown) => {
        statusOf.delete(token);
        if (active) setView({ kind: 'invalid', message: describeFailure(t, error) });
      },
    );
    return () => {
      active = false;
    };
  }, [token, t]);

  function onOutcome(outcome: VerifyOutcome) {
    if (outcome.kind === 'signedIn') {
      auth.setSession(outcome.session);
      toast.success(t('public:verify.success'));
      navigate('/dashboard', { replace: true });
    } else if (outcome.kind === 'alreadyVerified') {
      setView({ kind: 'verified', email: view.kind === 'pending' ? view.email : null });
    } else {
      setView({ kind: 'invalid', message: outcome.message });
    }
  }

  const signedIn = auth.status === 'signedIn';
  const toDashboard = (
    <Link to="/dashboard" className={buttonClass('primary', 'md')}>
      {t('public:verify.toDashboard')}
    </Link>
  );

  return (
    <PublicLayout>
      {view.kind === 'checking' ? (
        <PageFallback label={t('public:verify.verifying')} />
      ) : view.kind === 'pending' && token ? (
        <Card className="mx-auto grid w-full max-w-md p-6 sm:p-8">
          <VerifyEmailForm token={token} email={view.email} onOutcome={onOutcome} />
        </Card>
      ) : view.kind === 'verified' ? (
        <Card role="status" className="mx-auto grid max-w-md justify-items-center gap-4 p-8 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-success" />
          <h1 className="text-2xl font-semibold">{t('public:verify.alreadyTitle')}</h1>
          {view.email ? (
            <p className="text-muted">
              {signedIn
                ? t('public:verify.alreadyBodySignedIn', { email: view.email })
                : t('public:verify.alreadyBody', { email: view.email })}
            </p>
          ) : null}
          <div>
            {signedIn ? (
              toDashboard
            ) : (
              <Link
                to="/auth"
                state={view.email ? { email: view.email } : undefined}
                className={buttonClass('primary', 'md')}
              >
                {t('public:verify.toSignIn')}
              </Link>
            )}
          </div>
        </Card>
      ) : (
        <Card role="alert" className="mx-auto grid max-w-md gap-4 p-8 text-center">
          <h1 className="text-2xl font-semibold">{t('public:verify.failedTitle')}</h1>
          <p className="text-muted">{view.kind === 'invalid' ? view.message : null}</p>
          {signedIn ? <p className="text-sm text-subtle">{t('public:verify.invalidSignedIn')}</p> : null}
          <div>
            {signedIn ? (
              toDashboard
            ) : (
              <Link to="/auth" className={buttonClass('primary', 'md')}>
                {t('public:verify.requestNew')}
              </Link>
            )}
          </div>
        </Card>
      )}
    </PublicLayout>
  );
}
