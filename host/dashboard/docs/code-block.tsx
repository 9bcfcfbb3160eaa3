import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../../shared/ui/cn';
import { toast } from '../../../shared/ui/toaster';

/** The texts of a code block's copy button, in the namespace of the page that shows it. */
export type CopyTexts = {
  /** The button's text, e.g. "Copy code". */
  copy: string;
  /** The success toast. */
  copied: string;
  /** The toast when the browser refuses (no permission, insecure context): copy by hand. */
  failed: string;
};

/**
 * Code to copy and paste (the widget snippet, handoff examples, CSP lines), as a captioned `<figure>`: a
 * bar with the caption and a copy button, then the code in a `<pre>` that scrolls sideways inside its box
 * (never widening the page on a phone) and takes keyboard focus so it can be scrolled without a mouse.
 * Plain text, no syntax highlighting (no library in the bundle).
 */
export function CodeBlock({
  code,
  caption,
  copyTexts,
  className,
}: {
  code: string;
  caption: string;
  copyTexts: CopyTexts;
  className?: string;
}) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className={cn('min-w-0 overflow-hidden rounded-xl border border-slate-800 bg-slate-900', className)}
    >
      <div className="flex min-h-10 items-center justify-between gap-2 border-b border-slate-800 bg-slate-950/40 py-1 pr-1.5 pl-4">
        <figcaption id={captionId} className="min-w-0 truncate font-mono text-xs text-slate-300">
          {caption}
        </figcaption>
        <CopyCodeButton text={code} texts={copyTexts} describedBy={captionId} />
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100 focus-visible:outline-offset-[-2px]"
      >
        <code>{code.replace(/\n$/, '')}</code>
      </pre>
    </figure>
  );
}

/** Copies `text` and confirms with a toast; when the browser refuses, says so (the code stays selectable). */
export async function copyText(text: string, texts: Pick<CopyTexts, 'copied' | 'failed'>): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(texts.copied);
    return true;
  } catch {
    toast.error(texts.failed);
    return false;
  }
}

function CopyCodeButton({
  text,
  texts,
  describedBy,
}: {
  text: string;
  texts: CopyTexts;
  describedBy: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      onClick={() => void copyText(text, texts).then(setCopied)}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-200 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-white"
    >
      <Icon aria-hidden="true" className={cn('size-4', copied && 'text-emerald-400')} />
      {texts.copy}
    </button>
  );
}
