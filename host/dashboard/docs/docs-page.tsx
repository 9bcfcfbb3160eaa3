import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useLocation } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { usePortalList } from '../portals/portals-api';
import type { CopyTexts } from './code-block';
import type { ExampleContext } from './examples';
import { HandoffSection } from './handoff-section';
import { ApiSection, CspSection, SignInSection } from './platform-sections';
import { CommandsSection, EventsSection } from './reference-sections';
import { InstallationSection, ModesSection } from './setup-sections';
import { TableOfContents } from './table-of-contents';

/** The guide's sections in order: anchor id and title key (the table of contents lists them). */
export const DOC_SECTIONS = [
  { id: 'installation', title: 'docs:sections.installation' },
  { id: 'modes', title: 'docs:sections.modes' },
  { id: 'commands', title: 'docs:sections.commands' },
  { id: 'events', title: 'docs:sections.events' },
  { id: 'identity-handoff', title: 'docs:sections.handoff' },
  { id: 'sign-in', title: 'docs:sections.signIn' },
  { id: 'csp', title: 'docs:sections.csp' },
  { id: 'api', title: 'docs:sections.api' },
] as const;

export type SectionProps = { example: ExampleContext; copy: CopyTexts };

/**
 * A link to `#anchor` (e.g. from the portal editor) scrolls there once the lazily loaded page has rendered;
 * without one the guide starts at its top (the shell keeps the previous page's scroll position).
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [hash]);
}

/**
 * /dashboard/documentation (spec §2, issue 6): the developer guide of the embeddable widget. Its code
 * examples come from the widget's own modules and use the platform's origin and, when the provider has
 * portals, the chosen portal's ID, so they can be pasted as they are. A host page with its own texts
 * (i18n namespace `docs`), loaded only when opened.
 */
export default function DocsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.documentation'));
  useScrollToHash();
  const portals = usePortalList();
  const items = portals.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const portalId = items.find((p) => p.id === chosen)?.id ?? items[0]?.id ?? null;
  const props: SectionProps = {
    example: { origin: window.location.origin, portalId },
    copy: { copy: t('docs:copy.button'), copied: t('docs:copy.copied'), failed: t('docs:copy.failed') },
  };

  return (
    <div className="grid gap-8">
      <header className="grid max-w-3xl gap-2">
        <h1 className="text-2xl font-semibold">{t('nav.documentation')}</h1>
        <p className="text-muted">{t('docs:subtitle')}</p>
      </header>

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_14rem] xl:gap-12">
        <aside className="grid min-w-0 gap-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <TableOfContents sections={DOC_SECTIONS} />
        </aside>

        <div className="grid min-w-0 gap-12 lg:col-start-1 lg:row-start-1">
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
          <InstallationSection {...props} />
          <ModesSection {...props} />
          <CommandsSection {...props} />
          <EventsSection {...props} />
          <HandoffSection {...props} />
          <SignInSection />
          <CspSection {...props} />
          <ApiSection {...props} />
        </div>
      </div>
    </div>
  );
}
