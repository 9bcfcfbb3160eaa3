import { formatDate } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PublicLayout } from '../../layout/public-layout';

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalText = { en: LegalSection[]; de: LegalSection[] };

/** Shared layout of the privacy policy and the terms: long text lives in the page chunk, not in i18n JSON. */
export function LegalPage({ title, text, updated }: { title: string; text: LegalText; updated: string }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  const lang = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return (
    <PublicLayout>
      <article className="mx-auto grid max-w-3xl gap-8">
        <header className="grid gap-2">
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          <p className="text-sm text-subtle">
            {t('public:legal.lastUpdated', { date: formatDate(updated, lang) })}
          </p>
        </header>
        {text[lang].map((section) => (
          <section key={section.heading} className="grid gap-3">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="leading-relaxed text-muted">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
