import { REMOTES, type RemoteName } from '../remotes';
import { calendarLive } from './calendar';
import { filesLive } from './files';
import { invoicesLive } from './invoices';
import { projectsLive } from './projects';
import type { SectionLive } from './section-live';

/**
 * Each registry record's live effects (`shared/sections/<name>.ts`), or null for a section that has none.
 * Keyed by every `RemoteName`, so a new record in `shared/remotes.ts` does not type-check until it says
 * here what the provider's live events do to it.
 */
const LIVE: { readonly [name in RemoteName]: SectionLive | null } = {
  clients: null,
  projects: projectsLive,
  invoices: invoicesLive,
  files: filesLive,
  calendar: calendarLive,
  analytics: null,
  // The Integrations page's state comes from the API when it opens; no provider event changes it.
  integrations: null,
};

/** The live effects of the registry's sections, in registry order (what the host's socket iterates). */
export const SECTION_LIVE: readonly SectionLive[] = REMOTES.flatMap((remote) => LIVE[remote.name] ?? []);
