import { useEffect, useState } from 'react';
import { toast } from '../../shared/ui/toaster';

/**
 * Copies a text to the clipboard and confirms with a toast (`copied`, then back after 2 s). When the browser
 * refuses (no permission, an insecure context), the error toast shows the text so it can be copied by hand.
 * @example const { copied, copy } = useCopy(); copy(url, { done: t('…copied'), failed: t('…failed') })
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(text: string, messages: { done: string; failed: string }) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(messages.done);
    } catch {
      toast.error(messages.failed, { description: text });
    }
  }

  return { copied, copy };
}
