import { memo, useLayoutEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import type { SectionProps } from './docs-page';
import { HandoffSection } from './handoff-section';
import { CspSection, SignInSection } from './platform-sections';
import { ProseChapter } from './prose-chapter';
import { CommandsSection, EventsSection } from './reference-sections';
import { InstallationSection, ModesSection } from './setup-sections';

/** The text keys of the chapters written as blocks (`docs:chapters.<key>`), by anchor id. */
const PROSE = {
  'getting-started': 'gettingStarted',
  'clients-and-portals': 'clientsPortals',
  branding: 'branding',
  'client-sign-in': 'clientSignIn',
  'projects-and-messages': 'projectsMessages',
  'files-and-approvals': 'filesApprovals',
  'invoices-and-stripe': 'invoicesStripe',
  api: 'api',
  webhooks: 'webhooks',
  'rate-limits': 'rateLimits',
  idempotency: 'idempotency',
  errors: 'errors',
} as const;

/**
 * Every chapter of the handbook, in the order of `chapters.ts` (a chunk of its own: the page's frame, its
 * search and table of contents render first). `onRendered` runs after each render in a new language, so
 * the page's search indexes what is on screen.
 */
function Handbook({ onRendered, ...props }: SectionProps & { onRendered: () => void }) {
  const { i18n } = useTranslation();
  const prose = (id: keyof typeof PROSE) => <ProseChapter id={id} textKey={PROSE[id]} {...props} />;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-index when the language (the text) changes
  useLayoutEffect(() => onRendered(), [onRendered, i18n.language]);
  return (
    <>
      {prose('getting-started')}
      {prose('clients-and-portals')}
      {prose('branding')}
      {prose('client-sign-in')}
      {prose('projects-and-messages')}
      {prose('files-and-approvals')}
      {prose('invoices-and-stripe')}
      <InstallationSection {...props} />
      <ModesSection {...props} />
      <CommandsSection {...props} />
      <EventsSection {...props} />
      <HandoffSection {...props} />
      <SignInSection />
      <CspSection {...props} />
      {prose('api')}
      {prose('webhooks')}
      {prose('rate-limits')}
      {prose('idempotency')}
      {prose('errors')}
    </>
  );
}

/** Rendered again only when its props change: not on every keystroke of the page's search. */
export default memo(Handbook);
