import { type DashboardSection, idlePreloadedSections, isAvailable } from '../sections';

/** Spec §9: hovering a sidebar link this long preloads its section. */
export const HOVER_PRELOAD_MS = 150;
/** Spec §9: Clients and Projects are preloaded when the browser is idle, about 2 s after load. */
export const IDLE_PRELOAD_MS = 2000;

const started = new Set<string>();

type SectionLoader = typeof import('../../federation/load-section');
let sectionLoader: SectionLoader | undefined;

/**
 * The section loader (`federation/load-section`, its own chunk with the federation hook-up), kept once it
 * is here so that a section preloaded on hover or idle renders without a loading step.
 */
export function importSectionLoader(): Promise<SectionLoader> {
  return import('../../federation/load-section').then((module) => {
    sectionLoader = module;
    return module;
  });
}

/** The section loader if it has loaded already. */
export const loadedSectionLoader = (): SectionLoader | undefined => sectionLoader;

/**
 * Starts loading a section's code without rendering it: a host page's lazy chunk, or a remote's section
 * module through the federation runtime (which itself loads only now). Once per section; never throws.
 */
export function preloadSection(section: DashboardSection): void {
  if (!isAvailable(section) || started.has(section.id)) return;
  started.add(section.id);
  const { source } = section;
  const done =
    source.kind === 'host'
      ? source.page?.().then(() => true)
      : importSectionLoader().then((m) => m.preloadSection(source.remote));
  // A failed preload (remote down, chunk error) may be tried again by the next hover.
  void done?.then(
    (loaded) => loaded || started.delete(section.id),
    () => started.delete(section.id),
  );
}

/** After ~2 s and once the browser is idle, preloads the sections the registry marks `idlePreload`. */
export function scheduleIdlePreload(): () => void {
  const likelyNext = idlePreloadedSections();
  if (likelyNext.length === 0) return () => {};
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    const run = () => {
      for (const section of likelyNext) preloadSection(section);
    };
    idle = 'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : undefined;
    if (idle === undefined) run();
  }, IDLE_PRELOAD_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
