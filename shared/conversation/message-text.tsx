import { useMemo } from 'react';
import { cn } from '../ui/cn';
import { linkify } from './linkify';

/**
 * A message's plain text: text nodes (line breaks kept by `white-space: pre-wrap`), http(s) links as
 * anchors that open in a new tab without access to this page. Never HTML from the message.
 */
export function MessageText({ body, mine }: { body: string; mine: boolean }) {
  const segments = useMemo(() => linkify(body), [body]);
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
      {segments.map((segment, i) =>
        segment.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn('underline underline-offset-2', mine ? 'text-on-primary' : 'text-primary-strong')}
          >
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
