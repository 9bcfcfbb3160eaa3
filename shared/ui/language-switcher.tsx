import { Languages } from 'lucide-react';
import { chooseLanguage } from '../i18n/index';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../i18n/languages';
import { useTranslation } from '../i18n/react';
import { cn } from './cn';

/**
 * Switches between English and German and stores the choice (spec §4). `onChange` lets a signed-in shell
 * also save it to the profile.
 */
export function LanguageSwitcher({
  className,
  onChange,
}: {
  className?: string;
  onChange?: (lang: SupportedLanguage) => void;
}) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return (
    <label className={cn('relative inline-flex items-center text-sm text-muted', className)}>
      <span className="sr-only">{t('language.label')}</span>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4" />
      <select
        value={current}
        onChange={(event) => {
          const lang = event.target.value as SupportedLanguage;
          void chooseLanguage(lang, i18n);
          onChange?.(lang);
        }}
        className="h-9 appearance-none rounded-lg border border-transparent bg-transparent py-0 pr-3 pl-8 font-medium text-ink hover:bg-surface"
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
