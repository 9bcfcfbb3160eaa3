import { useState } from 'react';
import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { Card } from '../../../shared/ui/card';
import { pageAfterSignIn, useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import { Redirect } from '../navigation/link';
import { type PortalMode, pagePath } from '../navigation/paths';
import { useSession } from '../session/session-store';
import { usePageTitle } from '../ui/use-page-title';
import { LinkSent } from './link-sent';
import { LoginForm } from './login-form';
import { SignInLayout } from './sign-in-layout';

/**
 * `/portal/login` (no portal: the client's address is looked up in every portal) and
 * `/portal/{portalId}/login` (branded, that portal only). A client already signed in here goes to the
 * dashboard.
 */
export function LoginPage({
  mode,
  portalId,
  branding,
}: {
  mode: PortalMode;
  portalId: string | null;
  branding: PortalBranding | undefined;
}) {
  const { t } = useI18n();
  const session = useSession();
  const [sent, setSent] = useState<{ email: string; outboxUrl?: string | undefined } | null>(null);
  usePageTitle(t('login.pageTitle'), branding?.name ?? t('login.genericName'));
  const signedIn = session !== null && (!portalId || session.client.portalId === portalId);
  useFrameContent();

  if (signedIn) return <Redirect to={pagePath(mode, session.client.portalId, pageAfterSignIn())} />;
  return (
    <SignInLayout branding={branding} footer={t('login.help')}>
      <div className="grid gap-2 text-center">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {branding ? t('login.title', { portal: branding.name }) : t('login.genericTitle')}
        </h1>
        <p className="text-muted">{t('login.subtitle')}</p>
      </div>
      <Card className="p-5 sm:p-6">
        {sent ? (
          <LinkSent email={sent.email} outboxUrl={sent.outboxUrl} onReset={() => setSent(null)} />
        ) : (
          <LoginForm
            mode={mode}
            portalId={portalId}
            onLinkSent={(email, outboxUrl) => setSent({ email, outboxUrl })}
          />
        )}
      </Card>
    </SignInLayout>
  );
}
