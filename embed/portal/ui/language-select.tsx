import { Languages } from 'lucide-react';
import { cn } from '../../../shared/ui/cn';
import { useI18n } from '../i18n/i18n-context';
import type { SupportedLanguage } from '../i18n/language';

const LANGUAGES: SupportedLanguage[] = ['en', 'de'];

/**
 * English / German (spec §4: the choice is stored locally). `onChange` lets the signed-in portal also save
 * it to the client's profile, which its e-mails follow.
 */
export function LanguageSelect({
  className,
  onChange,
}: {
  className?: string;
  onChange?: (lang: SupportedLanguage) => void;
}) {
  const { t, lang, setLanguage } = useI18n();
  return (
    <label className={cn('relative inline-flex items-center text-sm text-muted', className)}>
      <span className="sr-only">{t('common.language')}</span>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4" />
      <select
        value={lang}
        onChange={(event) => {
          const next = event.target.value as SupportedLanguage;
          setLanguage(next, { remember: true });
          onChange?.(next);
        }}
        className="h-9 appearance-none rounded-lg border border-transparent bg-transparent py-0 pr-3 pl-8 font-medium text-ink hover:bg-canvas"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`common.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
