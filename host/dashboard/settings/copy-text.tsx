import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { useCopy } from '../use-copy';

/**
 * A read-only value with its label and a copy button (the Stripe webhook URL). When the browser refuses
 * the clipboard, the toast shows the text so it can be copied by hand; the value itself stays selectable.
 */
export function CopyText({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { copied, copy: copyText } = useCopy();
  const copy = () => copyText(value, { done: t('settings:copied'), failed: t('settings:copyFailed') });

  const Icon = copied ? Check : Copy;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex min-w-0 items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 truncate rounded-lg border border-line bg-surface px-3 font-mono text-xs text-ink focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20"
        />
        <Button
          variant="secondary"
          size="icon"
          onClick={() => void copy()}
          aria-label={t('settings:copy', { what: label })}
        >
          <Icon aria-hidden="true" className={copied ? 'size-4 text-success' : 'size-4'} />
        </Button>
      </div>
    </div>
  );
}
