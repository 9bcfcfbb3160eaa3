import { useEffect, useState } from 'react';
import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import { finishSignIn } from '../login/finish-sign-in';
import { loadLoginDeps } from '../login/load-login-deps';
import { SignInLayout } from '../login/sign-in-layout';
import { Link } from '../navigation/link';
import { loginPath, type PortalMode } from '../navigation/paths';
import { usePageTitle } from '../ui/use-page-title';

/**
 * `/portal/auth?token=…` (or `/auth` on a custom domain), where the e-mailed magic link lands. Opening it
 * uses nothing: the token is spent only by the "Continue" button's POST, so a mail scanner that fetches
 * the link cannot burn it (DESIGN.md, "Auth, portal clients").
 */
export function AuthPage({
  mode,
  token,
  portalId,
  branding,
}: {
  mode: PortalMode;
  token: string | null;
  portalId: string | null;
  branding: PortalBranding | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('auth.missingToken'));
  // A refused token (used, expired, superseded) cannot be retried; a network failure can.
  const [spent, setSpent] = useState(!token);
  usePageTitle(t('auth.title'), branding?.name ?? t('login.genericName'));
  useFrameContent();

  useEffect(() => {
    void loadLoginDeps().catch(() => {});
  }, []);

  async function proceed() {
    if (!token || pending) return;
    setPending(true);
    setError(null);
    try {
      const deps = await loadLoginDeps();
      // On a custom domain only that portal's links are accepted (another portal's stays unused).
      const body = mode.kind === 'domain' ? { token, portalId: mode.portalId } : { token };
      await finishSignIn(await deps.consumeMagicLink(body, t('errors.network')), mode, i18n, 'magic_link');
    } catch (failure) {
      const status = (failure as { status?: number }).status ?? 0;
      setSpent(status >= 400 && status < 500);
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.network'));
      setPending(false);
    }
  }

  return (
    <SignInLayout branding={branding}>
      <div className="grid gap-2 text-center">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {spent ? t('auth.failedTitle') : t('auth.title')}
        </h1>
        {spent ? null : <p className="text-muted">{t('auth.body')}</p>}
      </div>
      <Card className="grid gap-4 p-5 sm:p-6">
        {error ? (
          <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {spent ? (
          <Link to={loginPath(mode, portalId)} className={buttonClass('primary', 'lg', 'w-full')}>
            {t('auth.requestNew')}
          </Link>
        ) : (
          <Button size="lg" className="w-full" loading={pending} onClick={proceed}>
            {pending ? t('auth.continuing') : t('auth.continue')}
          </Button>
        )}
      </Card>
    </SignInLayout>
  );
}
