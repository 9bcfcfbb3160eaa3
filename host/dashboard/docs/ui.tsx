import type { ReactNode } from 'react';
import { Link } from '../../../shared/router';
import { cn } from '../../../shared/ui/cn';

const CODE =
  'rounded-md bg-surface px-1 py-0.5 font-mono text-[0.875em] text-ink ring-1 ring-line ring-inset';

/** Inline code in running text. */
export function Code({ children }: { children: ReactNode }) {
  return <code className={cn(CODE, 'break-words')}>{children}</code>;
}

/** `[label](href)` inside a text: a link to another part of the page (`#anchor`) or of the dashboard (`/…`). */
const LINK = /\[([^\]]+)\]\(([#/][^)\s]*)\)/g;

function Linked({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      href.startsWith('#') ? (
        <a key={match.index} href={href} className="font-medium text-primary hover:underline">
          {label}
        </a>
      ) : (
        <Link key={match.index} to={href} className="font-medium text-primary hover:underline">
          {label}
        </Link>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * A translated text with `backtick` spans shown as inline code and `[label](#anchor)` / `[label](/path)`
 * links: the documentation's texts name commands, options and headers inside sentences, and this keeps them
 * in one string per sentence for translators (no markup parser in the bundle).
 * @example <Rich text="Call `init` first, see [Modes](#modes)." />
 */
export function Rich({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <Code key={index}>{part}</Code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <Linked key={index} text={part} />
        ),
      )}
    </>
  );
}

/** A paragraph of documentation text (with `code` spans). */
export function P({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('leading-relaxed text-ink/90', className)}>
      <Rich text={text} />
    </p>
  );
}

/**
 * A reference list (options, events, claims, error codes): the term in code on the left and its
 * description beside it, stacked on a phone. A `<dl>`, so each term keeps its description for screen readers.
 */
export function RefList({
  items,
  label,
}: {
  items: { term: string; note?: string; description: ReactNode }[];
  label: string;
}) {
  return (
    <dl aria-label={label} className="divide-y divide-line rounded-xl border border-line">
      {items.map((item) => (
        <div
          key={item.term}
          className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-4"
        >
          <dt className="grid content-start gap-0.5">
            <code className="font-mono text-sm font-semibold break-words text-ink">{item.term}</code>
            {item.note ? (
              <span className="font-mono text-xs break-words text-subtle">{item.note}</span>
            ) : null}
          </dt>
          <dd className="min-w-0 text-sm leading-relaxed text-ink/90">{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section of the guide: an `h2` with an anchor id (the table of contents links to it). */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} data-doc-chapter="" aria-labelledby={`${id}-title`} className="grid scroll-mt-20 gap-5">
      <h2 id={`${id}-title`} className="border-b border-line pb-2 text-xl font-semibold">
        <a href={`#${id}`} className="rounded hover:underline">
          {title}
        </a>
      </h2>
      {children}
    </section>
  );
}

/** A sub-heading inside a section, with its own anchor. */
export function H3({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="scroll-mt-20 pt-1 text-base font-semibold">
      {children}
    </h3>
  );
}

/** A numbered step of an ordered list (the number is drawn; the `<ol>` gives it to screen readers). */
export function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
      >
        {n}
      </span>
      <div className="grid min-w-0 flex-1 gap-3">{children}</div>
    </li>
  );
}
