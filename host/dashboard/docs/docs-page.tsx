import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { usePortalList } from '../portals/portals-api';
import { DOC_GROUPS } from './chapters';
import type { CopyTexts } from './code-block';
import { DocsSearch } from './docs-search';
import type { ExampleContext } from './examples';
import { highlightTerms, indexChapters, matchEntries, type SearchEntry, searchTerms } from './search';
import { TableOfContents } from './table-of-contents';

export type SectionProps = { example: ExampleContext; copy: CopyTexts };

/** The chapters themselves: a chunk of their own, so the frame, the search and the contents come first. */
const Handbook = lazy(() => import('./handbook'));

/**
 * A link to `#anchor` (e.g. from the portal editor) scrolls there once the chapters have rendered; without
 * one the handbook starts at its top (the shell keeps the previous page's scroll position).
 */
function useScrollToHash(rendered: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!rendered) return;
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash, rendered]);
}

/**
 * /dashboard/documentation (spec §2; issues 6 and 27): the product's handbook, from the first steps to the
 * widget and the API with keys and webhooks. Searchable (the chapters are filtered and the matches
 * highlighted), with a table of contents and an anchor for every chapter and sub-heading. Code examples use
 * the platform's origin and, when the provider has portals, the chosen portal's ID, so they can be pasted
 * as they are; they come from tested modules. A host page with its own texts (i18n namespace `docs`),
 * loaded only when opened, its chapters after its frame.
 */
export default function DocsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.documentation'));
  const portals = usePortalList();
  const items = portals.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const portalId = items.find((p) => p.id === chosen)?.id ?? items[0]?.id ?? null;
  // Stable while the provider types in the search, so the chapters (memo) do not render again.
  const example = useMemo(() => ({ origin: window.location.origin, portalId }), [portalId]);
  const copyButton = t('docs:copy.button');
  const copied = t('docs:copy.copied');
  const failed = t('docs:copy.failed');
  const copy = useMemo(() => ({ copy: copyButton, copied, failed }), [copyButton, copied, failed]);

  const content = useRef<HTMLDivElement>(null);
  const [contentVersion, setContentVersion] = useState(0);
  const onRendered = useCallback(() => setContentVersion((version) => version + 1), []);
  useScrollToHash(contentVersion > 0);

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [entries, setEntries] = useState<SearchEntry[]>([]);
  // Index the chapters' text each time they render anew (contentVersion).
  useLayoutEffect(() => {
    if (content.current && contentVersion > 0) setEntries(indexChapters(content.current));
  }, [contentVersion]);
  const terms = useMemo(() => searchTerms(deferredQuery), [deferredQuery]);
  const results = useMemo(() => matchEntries(entries, terms), [entries, terms]);
  const visible = useMemo(
    () => (terms.length > 0 ? new Set(results.map((entry) => entry.chapterId)) : null),
    [terms, results],
  );
  // The search filters the chapters (an attribute React does not manage) and highlights its terms.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply when the chapters re-render
  useLayoutEffect(() => {
    const root = content.current;
    if (!root) return;
    for (const section of root.querySelectorAll<HTMLElement>('section[data-doc-chapter]')) {
      section.hidden = visible !== null && !visible.has(section.id);
    }
    return highlightTerms(root, visible ? terms : []);
  }, [visible, terms, contentVersion]);

  return (
    <div className="grid gap-8">
      <header className="grid max-w-3xl gap-2">
        <h1 className="text-2xl font-semibold">{t('nav.documentation')}</h1>
        <p className="text-muted">{t('docs:subtitle')}</p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-x-10 xl:gap-x-12">
        <div className="grid min-w-0 max-w-3xl gap-6 lg:col-start-1 lg:row-start-1">
          <DocsSearch
            query={query}
            onQueryChange={setQuery}
            terms={terms}
            results={results}
            ready={contentVersion > 0}
          />
          {items.length > 0 ? (
            <div className="max-w-sm">
              <SelectField
                label={t('docs:examplesFor')}
                name="portal"
                hint={t('docs:examplesHint')}
                value={portalId ?? ''}
                onChange={(event) => setChosen(event.target.value)}
                options={items.map((p) => ({ value: p.id, label: p.portalName }))}
              />
            </div>
          ) : null}
          {portals.data && items.length === 0 ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 text-sm">
              <p className="min-w-0 flex-1 basis-64 text-muted">{t('docs:noPortal')}</p>
              <Link to="/dashboard/portals/new" className={buttonClass('secondary', 'sm')}>
                {t('docs:createPortal')}
              </Link>
            </div>
          ) : null}
        </div>

        <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <TableOfContents groups={DOC_GROUPS} visible={visible} contentVersion={contentVersion} />
        </aside>

        <div ref={content} className="grid min-w-0 gap-12 lg:col-start-1 lg:row-start-2">
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-sm text-muted">
                <Spinner size="sm" />
                {t('docs:search.loading')}
              </p>
            }
          >
            <Handbook example={example} copy={copy} onRendered={onRendered} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
