import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { cn } from '../../../shared/ui/cn';
import type { DocGroup } from './chapters';

/**
 * "On this page": the chapters by group. Beside the text on wide screens (sticky, scrolling on its own when
 * taller than the screen), above it on a phone, folded behind a "Contents" button. The chapter being read is
 * marked (`aria-current`), found with an IntersectionObserver rather than scroll events. While a search
 * filters the page, only the chapters it shows are listed (`visible`).
 */
export function TableOfContents({
  groups,
  visible,
  contentVersion,
}: {
  groups: readonly DocGroup[];
  /** The chapter ids the search leaves on the page, or null when nothing is searched. */
  visible: ReadonlySet<string> | null;
  /** Changes when the chapters (re)rendered, so they are observed once they exist. */
  contentVersion: number;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const chapters = groups.flatMap((group) => group.chapters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again when the chapters re-render
  useEffect(() => {
    const seen = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) seen.set(entry.target.id, entry.isIntersecting);
        // The first chapter (in page order) that crosses the upper part of the viewport.
        const first = chapters.find((c) => seen.get(c.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: '-64px 0px -55% 0px' },
    );
    for (const { id } of chapters) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [groups, contentVersion]);

  return (
    <nav aria-labelledby="docs-toc-title" className="rounded-xl border border-line lg:border-0">
      <p id="docs-toc-title" className="sr-only">
        {t('docs:toc')}
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="docs-toc-list"
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl px-4 text-sm font-semibold lg:hidden"
      >
        {t('docs:tocShow')}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id="docs-toc-list"
        className={cn(
          'gap-4 px-4 pb-4 lg:grid lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto lg:p-0',
          open ? 'grid' : 'hidden',
        )}
      >
        <p
          aria-hidden="true"
          className="hidden text-xs font-semibold tracking-wide text-subtle uppercase lg:block lg:pl-3"
        >
          {t('docs:toc')}
        </p>
        {groups.map((group) => {
          const listed = group.chapters.filter((chapter) => !visible || visible.has(chapter.id));
          if (listed.length === 0) return null;
          return (
            <div key={group.id} className="grid gap-1">
              <p id={`docs-toc-${group.id}`} className="text-xs font-semibold text-ink lg:pl-3">
                {t(group.title)}
              </p>
              <ul
                aria-labelledby={`docs-toc-${group.id}`}
                className="grid gap-y-0.5 sm:grid-cols-2 lg:grid-cols-1"
              >
                {listed.map((chapter) => (
                  <li key={chapter.id} className="min-w-0">
                    <a
                      href={`#${chapter.id}`}
                      onClick={() => setOpen(false)}
                      aria-current={current === chapter.id ? 'location' : undefined}
                      className={cn(
                        'block rounded-md py-1.5 text-sm break-words transition-colors lg:rounded-none lg:border-l-2 lg:py-1 lg:pl-3',
                        current === chapter.id
                          ? 'font-medium text-primary lg:border-primary'
                          : 'text-muted hover:text-ink lg:border-transparent',
                      )}
                    >
                      {t(chapter.title)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
