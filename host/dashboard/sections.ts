import {
  BarChart3,
  BookOpen,
  CalendarDays,
  FolderKanban,
  FolderOpen,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  PanelsTopLeft,
  Plug,
  Receipt,
  Settings,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { loadTexts } from '../../shared/i18n/index';
import { isIdlePreloaded, isRemoteAvailable, type RemoteName } from '../../shared/remotes';

type PageModule = { default: ComponentType };

/** Where a section's code lives: a lazy page of the host, or a federated remote. */
type SectionSource =
  | { kind: 'host'; page: (() => Promise<PageModule>) | null }
  | { kind: 'remote'; remote: RemoteName };

export type GroupId = 'core' | 'operations' | 'growth' | 'configuration';

export type DashboardSection = {
  id: string;
  /** Path under /dashboard ('' for the overview). */
  path: string;
  /** i18n key of the sidebar label and page title. */
  label: string;
  icon: LucideIcon;
  source: SectionSource;
};

export type SectionGroup = { id: GroupId; label: string; sections: DashboardSection[] };

/**
 * Host-owned pages: each is its own chunk, imported by the route and by the hover preload alike. Settings
 * brings its texts (an i18n namespace of their own), so it never renders untranslated keys.
 */
export const hostPages = {
  overview: () => import('./overview/overview-page'),
  settings: () =>
    Promise.all([import('./settings/settings-page'), loadTexts('settings')]).then(([page]) => page),
  portals: () => Promise.all([import('./portals/portals-page'), loadTexts('portals')]).then(([page]) => page),
  documentation: () => Promise.all([import('./docs/docs-page'), loadTexts('docs')]).then(([page]) => page),
  messages: () =>
    Promise.all([import('./messages/messages-page'), loadTexts('messages')]).then(([page]) => page),
};

const host = (page: (() => Promise<PageModule>) | null): SectionSource => ({ kind: 'host', page });
const remote = (name: RemoteName): SectionSource => ({ kind: 'remote', remote: name });

/**
 * The sidebar of spec §2, group by group and in order. A section without a page yet (a host page `null`, or
 * a remote the registry does not show yet) is declared so its issue only adds the page.
 */
export const SECTION_GROUPS: SectionGroup[] = [
  {
    id: 'core',
    label: 'shell.groups.core',
    sections: [
      {
        id: 'overview',
        path: '',
        label: 'nav.overview',
        icon: LayoutDashboard,
        source: host(hostPages.overview),
      },
      { id: 'clients', path: 'clients', label: 'nav.clients', icon: Users, source: remote('clients') },
      {
        id: 'projects',
        path: 'projects',
        label: 'nav.projects',
        icon: FolderKanban,
        source: remote('projects'),
      },
      {
        id: 'messages',
        path: 'messages',
        label: 'nav.messages',
        icon: MessageSquare,
        source: host(hostPages.messages),
      },
    ],
  },
  {
    id: 'operations',
    label: 'shell.groups.operations',
    sections: [
      { id: 'files', path: 'files', label: 'nav.files', icon: FolderOpen, source: remote('files') },
      {
        id: 'documentation',
        path: 'documentation',
        label: 'nav.documentation',
        icon: BookOpen,
        source: host(hostPages.documentation),
      },
      { id: 'invoices', path: 'invoices', label: 'nav.invoices', icon: Receipt, source: remote('invoices') },
      {
        id: 'calendar',
        path: 'calendar',
        label: 'nav.calendar',
        icon: CalendarDays,
        source: remote('calendar'),
      },
    ],
  },
  {
    id: 'growth',
    label: 'shell.groups.growth',
    sections: [
      {
        id: 'analytics',
        path: 'analytics',
        label: 'nav.analytics',
        icon: BarChart3,
        source: remote('analytics'),
      },
      {
        id: 'portals',
        path: 'portals',
        label: 'nav.portals',
        icon: PanelsTopLeft,
        source: host(hostPages.portals),
      },
    ],
  },
  {
    id: 'configuration',
    label: 'shell.groups.configuration',
    sections: [
      {
        id: 'integrations',
        path: 'integrations',
        label: 'nav.integrations',
        icon: Plug,
        source: remote('integrations'),
      },
      {
        id: 'settings',
        path: 'settings',
        label: 'nav.settings',
        icon: Settings,
        source: host(hostPages.settings),
      },
    ],
  },
];

/**
 * True when the section can be shown: a host page exists, or its remote's registry record
 * (`shared/remotes.ts`, the ONE place a remote section becomes available) says `available`.
 * Hidden sections get no sidebar item, route or preload (spec §2: no empty placeholder pages).
 */
export function isAvailable(section: DashboardSection): boolean {
  return section.source.kind === 'host'
    ? section.source.page !== null
    : isRemoteAvailable(section.source.remote);
}

/** The sections preloaded when the browser is idle (spec §9: Clients and Projects): the registry says which. */
export function idlePreloadedSections(groups: SectionGroup[] = SECTION_GROUPS): DashboardSection[] {
  return groups
    .flatMap((group) => group.sections)
    .filter((s) => s.source.kind === 'remote' && isIdlePreloaded(s.source.remote));
}

/** The groups with only their available sections; a group with none is left out. */
export function visibleGroups(groups: SectionGroup[] = SECTION_GROUPS): SectionGroup[] {
  return groups
    .map((group) => ({ ...group, sections: group.sections.filter(isAvailable) }))
    .filter((group) => group.sections.length > 0);
}

/** The full path of a section. */
export function sectionHref(section: DashboardSection): string {
  return section.path ? `/dashboard/${section.path}` : '/dashboard';
}

/** The section a pathname belongs to (the overview only for /dashboard itself). */
export function sectionOfPath(pathname: string, groups: SectionGroup[] = SECTION_GROUPS) {
  const rest = pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  for (const group of groups) {
    const section = group.sections.find((s) => s.path === rest);
    if (section) return { group, section };
  }
  return null;
}
