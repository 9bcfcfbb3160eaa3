import { type ReactNode, useCallback } from 'react';
import { sectionTexts } from '../i18n/section-texts';
import { FilesKitProvider, type FilesTranslate } from './kit';

/**
 * The file components' texts on the dashboard: namespace `filesKit` of the shared i18next instance, only
 * the active language, loaded when a files screen first needs them (the files section, a project's Files
 * tab). The portal maps the same JSON onto its own translation runtime instead.
 */
export const filesKitTexts = sectionTexts('filesKit', {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
});

/**
 * The kit for the dashboard: its texts, and plain URLs for images and downloads (the provider's session
 * cookie is sent with them). Shows `fallback` until the texts are there.
 */
export function DashboardFilesKit({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { t, lang, ready } = filesKitTexts.useTexts();
  const translate = useCallback<FilesTranslate>((key, vars) => t(key, vars), [t]);
  if (!ready) return fallback;
  return (
    <FilesKitProvider t={translate} lang={lang}>
      {children}
    </FilesKitProvider>
  );
}
