import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { colorContrast, MIN_TEXT_CONTRAST } from '../../../shared/format/contrast';
import { useTranslation } from '../../../shared/i18n/react';
import { cn } from '../../../shared/ui/cn';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A complete `#rrggbb` colour in lower case, or null while the text is not one. */
export function validHex(value: string): string | null {
  const trimmed = value.trim();
  return HEX.test(trimmed) ? trimmed.toLowerCase() : null;
}

/**
 * A brand colour: the browser's colour picker beside a hex text field (either edits it), and the colour's
 * readability from the same WCAG function the API reports with, so the warning shows while picking.
 */
export function ColorField({
  label,
  name,
  value,
  fallback,
  onChange,
  error,
  hint,
}: {
  label: string;
  name: string;
  /** The text as typed (may be incomplete). */
  value: string;
  /** The last complete colour, shown by the picker while the text is incomplete. */
  fallback: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint: string;
}) {
  const { t, i18n } = useTranslation();
  const id = `${useId()}-${name}`;
  const hex = validHex(value);
  const contrast = hex ? colorContrast(hex) : null;
  const ratio = (n: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-US', {
      maximumFractionDigits: 2,
    }).format(n);
  const hintId = `${id}-hint`;
  const statusId = `${id}-contrast`;
  const errorId = `${id}-error`;

  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={t('portals:colors.picker', { label })}
          value={hex ?? fallback}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-line bg-canvas p-1 shadow-xs"
        />
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          maxLength={7}
          className="font-mono uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, contrast ? statusId : '', error ? errorId : '']
            .filter(Boolean)
            .join(' ')}
        />
      </div>
      <p id={hintId} className="text-xs text-subtle">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {/* Announced as it changes, so a screen-reader user hears the warning while typing a colour. */}
      <div aria-live="polite">
        {contrast?.warning ? (
          <p
            id={statusId}
            className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning"
            data-testid={`${name}-contrast-warning`}
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">{t('portals:colors.lowContrastTitle')}</strong>{' '}
              {t('portals:colors.lowContrastBody', {
                ratio: ratio(contrast.whiteText),
                minimum: ratio(MIN_TEXT_CONTRAST),
              })}
            </span>
          </p>
        ) : contrast ? (
          <p id={statusId} className={cn('flex items-center gap-1.5 text-xs text-success')}>
            <CheckCircle2 aria-hidden="true" className="size-3.5 shrink-0" />
            {t('portals:colors.contrastOk', { ratio: ratio(contrast.whiteText) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
