import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { cn } from '../../../shared/ui/cn';

/**
 * "On this page": links to the guide's sections. Beside the text on wide screens (sticky), above it on a
 * phone (two columns). The section being read is marked (`aria-current`), found with an
 * IntersectionObserver rather than scroll events.
 */
export function TableOfContents({ sections }: { sections: readonly { id: string; title: string }[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        // The first section (in page order) that crosses the upper part of the viewport.
        const first = sections.find((s) => visible.get(s.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: '-64px 0px -55% 0px' },
    );
    for (const { id } of sections) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections]);

  return (
    <nav aria-labelledby="docs-toc-title" className="rounded-xl border border-line p-4 lg:border-0 lg:p-0">
      <p
        id="docs-toc-title"
        className="mb-2 text-xs font-semibold tracking-wide text-subtle uppercase lg:pl-3"
      >
        {t('docs:toc')}
      </p>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-0.5 lg:grid-cols-1">
        {sections.map((section) => (
          <li key={section.id} className="min-w-0">
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? 'location' : undefined}
              className={cn(
                'block rounded-md py-1.5 text-sm break-words transition-colors lg:rounded-none lg:border-l-2 lg:py-1 lg:pl-3',
                current === section.id
                  ? 'font-medium text-primary lg:border-primary'
                  : 'text-muted hover:text-ink lg:border-transparent',
              )}
            >
              {t(section.title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
