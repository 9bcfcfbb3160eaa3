/**
 * The handbook's chapters in page order, by group: anchor id and title key. The table of contents lists
 * them; `handbook.tsx` renders them (loaded after this list, see `docs-page.tsx`). A chapter's anchor is
 * its link target (`/dashboard/documentation#identity-handoff`): keep the ids stable.
 */
export type DocChapter = { id: string; title: string };
export type DocGroup = { id: string; title: string; chapters: readonly DocChapter[] };

export const DOC_GROUPS: readonly DocGroup[] = [
  {
    id: 'guide',
    title: 'docs:groups.guide',
    chapters: [
      { id: 'getting-started', title: 'docs:chapters.gettingStarted.title' },
      { id: 'clients-and-portals', title: 'docs:chapters.clientsPortals.title' },
      { id: 'branding', title: 'docs:chapters.branding.title' },
      { id: 'client-sign-in', title: 'docs:chapters.clientSignIn.title' },
      { id: 'projects-and-messages', title: 'docs:chapters.projectsMessages.title' },
      { id: 'files-and-approvals', title: 'docs:chapters.filesApprovals.title' },
      { id: 'invoices-and-stripe', title: 'docs:chapters.invoicesStripe.title' },
    ],
  },
  {
    id: 'widget',
    title: 'docs:groups.widget',
    chapters: [
      { id: 'installation', title: 'docs:sections.installation' },
      { id: 'modes', title: 'docs:sections.modes' },
      { id: 'commands', title: 'docs:sections.commands' },
      { id: 'events', title: 'docs:sections.events' },
      { id: 'identity-handoff', title: 'docs:sections.handoff' },
      { id: 'sign-in', title: 'docs:sections.signIn' },
      { id: 'csp', title: 'docs:sections.csp' },
    ],
  },
  {
    id: 'developers',
    title: 'docs:groups.developers',
    chapters: [
      { id: 'api', title: 'docs:chapters.api.title' },
      { id: 'webhooks', title: 'docs:chapters.webhooks.title' },
      { id: 'rate-limits', title: 'docs:chapters.rateLimits.title' },
      { id: 'idempotency', title: 'docs:chapters.idempotency.title' },
      { id: 'errors', title: 'docs:chapters.errors.title' },
    ],
  },
];

export const DOC_CHAPTERS: readonly DocChapter[] = DOC_GROUPS.flatMap((group) => group.chapters);
