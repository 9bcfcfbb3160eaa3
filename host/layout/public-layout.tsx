import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/react';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { Logo } from '../../shared/ui/logo';

/** Header, main and footer of every public page. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-canvas focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      <header className="sticky top-0 z-20 border-b border-line/70 bg-canvas/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" className="rounded-lg" aria-label={t('app.name')}>
            <Logo name={t('app.name')} compact />
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
            <a
              href="/#features"
              className="hidden rounded-lg px-3 py-2 text-sm text-muted hover:text-ink md:inline"
            >
              {t('nav.features')}
            </a>
            <a
              href="/#pricing"
              className="hidden rounded-lg px-3 py-2 text-sm text-muted hover:text-ink md:inline"
            >
              {t('nav.pricing')}
            </a>
            <LanguageSwitcher />
            <Link to="/auth" className={buttonClass('ghost', 'sm', 'max-sm:hidden')}>
              {t('nav.signIn')}
            </Link>
            <Link to="/auth?mode=signup" className={buttonClass('primary', 'sm')}>
              {t('nav.startTrial')}
            </Link>
          </nav>
        </div>
      </header>
      <main
        id="main"
        className={wide ? 'flex-1' : 'mx-auto w-full max-w-6xl flex-1 px-4 py-12 sm:px-6 sm:py-16'}
      >
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('landing.footer.rights', { year: new Date().getFullYear() })}</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to="/waitlist" className="hover:text-ink">
            {t('nav.waitlist')}
          </Link>
          <Link to="/privacy" className="hover:text-ink">
            {t('nav.privacy')}
          </Link>
          <Link to="/terms" className="hover:text-ink">
            {t('nav.terms')}
          </Link>
          <Link to="/auth" className="hover:text-ink">
            {t('nav.signIn')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
