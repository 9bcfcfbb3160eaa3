import { Check, Copy } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { useCopy } from '../use-copy';

/**
 * Copies `text` to the clipboard and confirms with a toast: spec §8's 'Link copied to clipboard!' for a
 * link, a plain "Copied" for a DNS value. When the browser refuses (no permission, insecure context), the
 * toast shows the text so it can still be copied by hand.
 */
export function CopyButton({
  text,
  label,
  kind = 'link',
  variant = 'secondary',
  iconOnly,
}: {
  text: string;
  /** What the button copies, e.g. "Copy portal link"; the accessible name when `iconOnly`. */
  label: string;
  kind?: 'link' | 'value';
  variant?: 'secondary' | 'ghost';
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { copied, copy: copyText } = useCopy();
  const copy = () =>
    copyText(text, {
      done: t(kind === 'link' ? 'portals:copy.linkCopied' : 'portals:copy.valueCopied'),
      failed: t('portals:copy.failed'),
    });

  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant={variant}
      size={iconOnly ? 'icon' : 'sm'}
      onClick={() => void copy()}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
    >
      <Icon aria-hidden="true" className={copied ? 'size-4 text-success' : 'size-4'} />
      {iconOnly ? null : label}
    </Button>
  );
}
