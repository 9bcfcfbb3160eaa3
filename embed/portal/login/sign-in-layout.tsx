import type { ReactNode } from 'react';
import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { cn } from '../../../shared/ui/cn';
import { useEmbed } from '../embedded/embed-state';
import { StorageNotice } from '../embedded/storage-notice';
import { BrandMark } from '../ui/brand-mark';
import { LanguageSelect } from '../ui/language-select';

/**
 * The frame of the sign-in pages (login, magic-link continue): the portal's colours as a thin band, its
 * logo or name, the language switch, and one centred column that fits a phone. Inside the widget the
 * provider's page (and the widget's dialog) already frame it: no band, no brand, only the column; inline,
 * as tall as its content.
 */
export function SignInLayout({
  branding,
  children,
  footer,
}: {
  branding: PortalBranding | undefined;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const embed = useEmbed();
  if (embed) {
    return (
      <div
        className={cn(
          'flex justify-center bg-surface',
          embed.mode !== 'inline' && 'min-h-dvh sm:items-center',
        )}
      >
        <main id="main" className="grid w-full max-w-sm content-start gap-5 px-4 pt-3 pb-6">
          <div className="-mb-2 flex justify-end">
            <LanguageSelect />
          </div>
          {children}
          <StorageNotice />
          {footer ? <p className="text-center text-xs text-subtle">{footer}</p> : null}
        </main>
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <div aria-hidden="true" className="flex h-1.5">
        <span className="flex-[3] bg-primary" />
        <span className="flex-1 bg-secondary" />
      </div>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        {branding ? <BrandMark branding={branding} /> : <span />}
        <LanguageSelect />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <div className="grid w-full max-w-sm content-start gap-6">{children}</div>
      </main>
      {footer ? <footer className="px-4 pb-6 text-center text-xs text-subtle">{footer}</footer> : null}
    </div>
  );
}
