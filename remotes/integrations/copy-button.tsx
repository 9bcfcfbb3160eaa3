import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { toast } from '../../shared/ui/toaster';
import { useIntegrationTexts } from './i18n';

/**
 * Copies `value` to the clipboard (a DNS record's name or value), confirmed by a toast and a check mark
 * for 2 s; when the browser refuses, the toast shows the text to copy by hand.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useIntegrationTexts();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('mailDomain.records.copied'));
    } catch {
      toast.error(t('mailDomain.records.copyFailed'), { description: value });
    }
  };
  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => void copy()}
      aria-label={t('mailDomain.records.copy', { what: label })}
    >
      <Icon aria-hidden="true" className={copied ? 'size-4 text-success' : 'size-4'} />
    </Button>
  );
}
