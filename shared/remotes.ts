import type { ActivityType } from './contracts/activity';

/**
 * The registry of the dashboard's remotes (Module Federation sections in `remotes/<name>/`): ONE record per
 * remote, and everything that builds, serves, registers, shows or preloads a remote derives from it — the
 * API's `RemoteName` contract and `GET /api/config` (`shared/contracts/platform.ts`), the build's
 * environments and what each exposes (`rsbuild.config.ts`), the static routes (`api/http/static.ts`), the
 * first-start build (`api/cli/start.ts`), the sidebar, routes and preloads (`host/dashboard/sections.ts`,
 * `shell/preload.ts`), the bench and the federation e2e. A new remote is its folder (`index.ts`, `meta.ts`,
 * later `section.tsx`) plus one record here.
 *
 * A section's query keys and what the provider's live events do to them live in `shared/sections/<name>.ts`
 * (the host reaches them without importing `remotes/`); `shared/sections/live.ts` lists them by this name,
 * and the type checker refuses a record without its entry there.
 *
 * Plain data, no runtime imports: read by the build (Node), the API and the host's first load alike.
 */
export type RemoteRecord = {
  /** The remote's folder, build environment, federation name and URL segment (`/remotes/<name>/`). */
  readonly name: string;
  /**
   * What the container exposes besides its identity (`./meta`, `remotes/<name>/meta.ts`): `true` once it has
   * a section (`./Section`, `remotes/<name>/section.tsx`). Rspack emits no container for an empty `exposes`.
   */
  readonly section: boolean;
  /**
   * Shown in the dashboard: a sidebar item, a route, preloads. Needs `section`; a section may ship before it
   * is shown (an empty section its next issue fills stays hidden: spec §2 has no placeholder pages).
   */
  readonly available: boolean;
  /** Preloaded when the browser is idle about 2 s after the dashboard loads (spec §9). Needs `available`. */
  readonly idlePreload: boolean;
  /**
   * The activity types (spec §3) that belong to this section: their notifications open it (spec §2's
   * "file_upload and file_approval to files…"; the host's messages page takes `message`), and its live
   * effects react to them. Every other type is claimed by exactly one shown section (a test checks it).
   */
  readonly activity: readonly ActivityType[];
  /**
   * The activity item's fields that name the page a notification opens, each with that page's path inside
   * the section before the id (`{ quote: 'quotes/' }`: `/dashboard/<name>/quotes/<id>`); the first field the
   * item carries wins. None, or an item that names none: the section's list.
   */
  readonly activityPages: ActivityPages;
};

/** An activity item's fields that name a page of their own (see `activityPages`). */
export type ActivityPages = { readonly [field in 'file' | 'invoice' | 'quote']?: string };

export const REMOTES = [
  { name: 'clients', section: true, available: true, idlePreload: true, activity: [], activityPages: {} },
  {
    name: 'projects',
    section: true,
    available: true,
    idlePreload: true,
    activity: ['project_created', 'project_updated', 'project_status'],
    activityPages: {},
  },
  {
    name: 'invoices',
    section: true,
    available: true,
    idlePreload: false,
    activity: ['invoice_created', 'invoice_status', 'quote_status'],
    activityPages: { invoice: '', quote: 'quotes/' },
  },
  {
    name: 'files',
    section: true,
    available: true,
    idlePreload: false,
    activity: ['file_upload', 'file_approval'],
    activityPages: { file: '' },
  },
  {
    // Issue 30: the calendar (month, week, agenda, the private feed) and the booking types.
    name: 'calendar',
    section: true,
    available: true,
    idlePreload: false,
    activity: ['booking_created', 'booking_rescheduled', 'booking_cancelled'],
    activityPages: {},
  },
  {
    name: 'analytics',
    section: true,
    available: true,
    idlePreload: false,
    activity: [],
    activityPages: {},
  },
  {
    name: 'integrations',
    section: true,
    available: true,
    idlePreload: false,
    activity: [],
    activityPages: {},
  },
] as const satisfies readonly RemoteRecord[];

export type RemoteName = (typeof REMOTES)[number]['name'];

/** Every remote's name, in registry order (a non-empty tuple, as `z.enum` wants it). */
export const REMOTE_NAMES = REMOTES.map((remote) => remote.name) as [RemoteName, ...RemoteName[]];

/**
 * The shown section an activity type belongs to (its notifications open it), or undefined for `message`
 * (the host's messages page).
 */
export function remoteOfActivity(type: ActivityType): RemoteRecord | undefined {
  const records: readonly RemoteRecord[] = REMOTES;
  return records.find((remote) => remote.available && remote.activity.includes(type));
}

/** True when `type` belongs to the remote `name` (its live effects react to it). */
export const isActivityOf = (name: RemoteName, type: ActivityType): boolean =>
  remoteRecord(name).activity.includes(type);

/** The file whose presence says a remote is built (`api/cli/start.ts`), and that the host registers. */
export const REMOTE_MANIFEST = 'mf-manifest.json';

/** The record of `name`. */
export function remoteRecord(name: RemoteName): RemoteRecord {
  const record = REMOTES.find((remote) => remote.name === name);
  if (!record) throw new Error(`unknown remote "${name}"`);
  return record;
}

/** True when the dashboard shows the remote's section (sidebar item, route, preloads). */
export const isRemoteAvailable = (name: RemoteName): boolean => remoteRecord(name).available;

/** True when the dashboard preloads the remote's section once the browser is idle. */
export const isIdlePreloaded = (name: RemoteName): boolean => {
  const record = remoteRecord(name);
  return record.available && record.idlePreload;
};

/** The remotes preloaded when idle, in registry order. */
export const IDLE_PRELOADED_REMOTES: RemoteName[] = REMOTE_NAMES.filter(isIdlePreloaded);

/** What a remote's container exposes (Module Federation `exposes`, paths from the repository root). */
export function remoteExposes(record: RemoteRecord): Record<string, string> {
  const meta = { './meta': `./remotes/${record.name}/meta.ts` };
  return record.section ? { ...meta, './Section': `./remotes/${record.name}/section.tsx` } : meta;
}

/** Where the API serves a remote's built files. */
export const remotePath = (name: string): string => `/remotes/${name}/`;

/** The manifest URL of every remote under `base` (`REMOTES_BASE_URL`, default `/remotes`). */
export function remoteManifests(base = '/remotes'): Record<RemoteName, string> {
  const root = base.replace(/\/$/, '') || '/remotes';
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${root}/${name}/${REMOTE_MANIFEST}`]),
  ) as Record<RemoteName, string>;
}

/** What is wrong with a list of records (empty when nothing): the rules the fields' comments state. */
export function registryProblems(records: readonly RemoteRecord[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const claimed = new Map<string, string>();
  for (const record of records) {
    if (!/^[a-z][a-z0-9-]*$/.test(record.name)) problems.push(`${record.name}: not a lower-case name`);
    if (seen.has(record.name)) problems.push(`${record.name}: listed twice`);
    seen.add(record.name);
    if (record.available && !record.section) problems.push(`${record.name}: available without a section`);
    if (record.idlePreload && !record.available) problems.push(`${record.name}: idle preload while hidden`);
    if (Object.keys(record.activityPages).length && !record.activity.length)
      problems.push(`${record.name}: a page without activity`);
    for (const type of record.activity) {
      if (claimed.has(type)) problems.push(`${record.name}: ${type} belongs to ${claimed.get(type)}`);
      claimed.set(type, record.name);
    }
  }
  return problems;
}
