import { useEffect, useState } from 'react';
import type { SessionResponse } from '../../../shared/contracts/auth';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useNavigate, useSearchParams } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageFallback } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toaster';
import { authApi } from '../../auth/auth-api';
import { useAuth } from '../../auth/auth-provider';
import { PublicLayout } from '../../layout/public-layout';
import { describeFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/use-document-title';

// One request per token even when React runs the effect twice (StrictMode): the token is single-use.
const inFlight = new Map<string, Promise<SessionResponse>>();

/** /auth/verify?token=…: verifies the e-mail by an explicit POST (mail scanners only GET), then signs in. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public:verify.verifying'));
  const token = useSearchParams()[0].get('token');
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(token ? null : t('public:verify.missingToken'));

  useEffect(() => {
    if (!token) return;
    let promise = inFlight.get(token);
    if (!promise) {
      promise = authApi.verifyEmail(token);
      inFlight.set(token, promise);
    }
    let active = true;
    promise.then(
      (session) => {
        if (!active) return;
        setSession(session);
        toast.success(t('public:verify.success'));
        navigate('/dashboard', { replace: true });
      },
      (error: unknown) => {
        if (active) setFailure(describeFailure(t, error));
      },
    );
    return () => {
      active = false;
    };
  }, [token, setSession, navigate, t]);

  return (
    <PublicLayout>
      {failure ? (
        <Card role="alert" className="mx-auto grid max-w-md gap-4 p-8 text-center">
          <h1 className="text-2xl font-semibold">{t('public:verify.failedTitle')}</h1>
          <p className="text-muted">{failure}</p>
          <div>
            <Link to="/auth" className={buttonClass('primary', 'md')}>
              {t('public:verify.requestNew')}
            </Link>
          </div>
        </Card>
      ) : (
        <PageFallback label={t('public:verify.verifying')} />
      )}
    </PublicLayout>
  );
}
