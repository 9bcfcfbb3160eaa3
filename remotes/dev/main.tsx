import '../../shared/ui/styles.css';
import Section from '@remote-section';
import { QueryClientProvider } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { type FormEvent, StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import { createQueryClient } from '../../shared/api/query-client';
import { initI18n } from '../../shared/i18n/index';
import { useTranslation } from '../../shared/i18n/react';
import { BrowserRouter, Navigate, Route, Routes } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { Field } from '../../shared/ui/field';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { Logo } from '../../shared/ui/logo';
import { PageFallback } from '../../shared/ui/spinner';
import { Toaster } from '../../shared/ui/toaster';

/**
 * Development only (`npm run dev:remote -- <name>`): the remote's section on a page of its own, imported
 * directly (no Module Federation), inside the providers the host gives it: a query client with the host's
 * defaults, the i18n instance, the router (the section keeps its real path /dashboard/<name>), the UI kit's
 * styles and the toast outlet. Signs in against the development API; nothing here ships.
 */
const NAME = __REMOTE_NAME__;
const BASE = `/dashboard/${NAME}`;
const queryClient = createQueryClient();

type Session = { email: string } | null;

async function readSession(): Promise<Session> {
  const body = await callApi(api.GET('/api/auth/session'));
  return body.user ? { email: body.user.email } : null;
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailed(false);
    const signedIn = await callApi(
      api.POST('/api/auth/sign-in', {
        body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      }),
    ).then(
      () => true,
      () => false,
    );
    setPending(false);
    if (signedIn) onSignedIn();
    else setFailed(true);
  }
  return (
    <form onSubmit={submit} className="mx-auto mt-16 grid w-full max-w-sm gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('auth.signIn')}</h1>
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" required />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('auth.signInFailed')}
        </p>
      ) : null}
      <Button type="submit" loading={pending}>
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}

function StandalonePage() {
  const { t } = useTranslation();
  const [session, setSession] = useState<Session | undefined>(undefined);
  const check = useCallback(() => void readSession().then(setSession, () => setSession(null)), []);
  useEffect(check, [check]);

  async function signOut() {
    await callApi(api.POST('/api/auth/sign-out')).catch(() => null);
    queryClient.clear();
    setSession(null);
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="flex h-14 items-center gap-3 border-b border-line bg-surface px-4 sm:px-6">
        <Logo name={t('app.name')} />
        <code className="hidden rounded-md bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong sm:inline">
          remotes/{NAME}
        </code>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          {session ? (
            <>
              <span className="hidden text-sm text-muted sm:inline">{session.email}</span>
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                <LogOut aria-hidden="true" className="size-4" />
                {t('dashboard.signOut')}
              </Button>
            </>
          ) : null}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        {session === undefined ? (
          <PageFallback label={t('app.loading')} />
        ) : session === null ? (
          <SignIn onSignedIn={check} />
        ) : (
          <Routes>
            <Route path={`${BASE}/*`} element={<Section />} />
            <Route path="*" element={<Navigate to={BASE} replace />} />
          </Routes>
        )}
      </main>
    </div>
  );
}

const root = document.getElementById('root');
void initI18n().then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <StandalonePage />
        </BrowserRouter>
      </QueryClientProvider>
      <Toaster />
    </StrictMode>,
  );
});
