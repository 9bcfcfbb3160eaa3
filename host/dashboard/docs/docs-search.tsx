import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { cn } from '../../../shared/ui/cn';
import { Input } from '../../../shared/ui/input';
import { excerpt, markTerms, RESULTS_SHOWN, type SearchEntry } from './search';

/**
 * The search field and, while there is a query, its results: links to the matching parts of the page
 * (the chapters themselves are filtered by the page). Keyboard: `/` anywhere focuses the field; ↓ goes to
 * the results and ↑/↓, Home/End move through them; Enter in the field opens the first; Escape clears and
 * comes back to the field. The count (or "no results") is announced.
 */
export function DocsSearch({
  query,
  onQueryChange,
  terms,
  results,
  ready,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  terms: readonly string[];
  results: readonly SearchEntry[];
  ready: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const resultsId = useId();
  const active = terms.length > 0;
  const shown = results.slice(0, RESULTS_SHOWN);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const links = () => Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  function clear() {
    onQueryChange('');
    input.current?.focus();
  }
  function onFieldKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      clear();
    } else if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter' && shown.length > 0) {
      event.preventDefault();
      links()[0]?.click();
    }
  }
  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const to =
      event.key === 'ArrowDown'
        ? Math.min(at + 1, all.length - 1)
        : event.key === 'ArrowUp'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : null;
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
      return;
    }
    if (to === null) return;
    event.preventDefault();
    if (to < 0) input.current?.focus();
    else all[to]?.focus();
  }

  return (
    <search className="grid gap-2">
      <label htmlFor={`${hintId}-field`} className="text-sm font-medium">
        {t('docs:search.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        />
        <Input
          ref={input}
          id={`${hintId}-field`}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onFieldKey}
          placeholder={t('docs:search.placeholder')}
          aria-describedby={hintId}
          aria-controls={active && ready && shown.length > 0 ? resultsId : undefined}
          autoComplete="off"
          spellCheck={false}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {query ? (
          <button
            type="button"
            onClick={clear}
            className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:bg-surface hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('docs:search.clear')}</span>
          </button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-subtle">
        {t('docs:search.shortcut')}
      </p>
      <p role="status" className={cn('text-sm', !active && 'sr-only')}>
        {!active
          ? ''
          : !ready
            ? t('docs:search.loading')
            : results.length === 0
              ? t('docs:search.none', { query: query.trim() })
              : t('docs:search.results', { count: results.length, query: query.trim() })}
      </p>
      {active && ready && results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          {t('docs:search.noneHint')}
        </p>
      ) : null}
      {active && shown.length > 0 ? (
        <nav aria-label={t('docs:search.resultsLabel')} id={resultsId}>
          <ul
            ref={list}
            onKeyDown={onListKey}
            className="grid max-h-96 divide-y divide-line overflow-y-auto rounded-xl border border-line"
          >
            {shown.map((entry) => (
              <li key={`${entry.chapterId}-${entry.id}-${entry.heading}`}>
                <a
                  href={`#${entry.id}`}
                  className="grid gap-0.5 px-4 py-2.5 text-sm hover:bg-surface focus-visible:bg-surface focus-visible:outline-offset-[-2px]"
                >
                  <span className="text-xs text-subtle">
                    {entry.heading === entry.chapter ? entry.chapter : `${entry.chapter} › ${entry.heading}`}
                  </span>
                  <span className="font-medium text-ink">
                    <Marked text={entry.heading} terms={terms} />
                  </span>
                  <span className="break-words text-muted">
                    <Marked text={excerpt(entry.text, terms)} terms={terms} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {results.length > shown.length ? (
            <p className="mt-2 text-xs text-subtle">{t('docs:search.more', { shown: shown.length })}</p>
          ) : null}
        </nav>
      ) : null}
    </search>
  );
}

function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {markTerms(text, terms).map((part, index) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <mark key={index} className="rounded-sm bg-amber-200 text-ink">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
