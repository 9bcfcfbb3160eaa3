import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from 'react';
import type { RemoteName } from '../../shared/contracts/platform';
import { useTranslation } from '../../shared/i18n/react';
import { ErrorBoundary } from '../../shared/ui/error-screen';
import { PageFallback } from '../../shared/ui/spinner';
import { ensureRemotesRegistered, resetRemote } from './remotes';
import { SectionRetryContext, SectionUnavailable } from './section-unavailable';

/** What every remote exposes as `./Section`: the section's root component (mounted under its route). */
type SectionModule = { default: ComponentType };

/**
 * A section still loading after this long shows "section unavailable" with a retry instead of a spinner
 * forever (a remote that hangs is as good as down). Generous: a slow connection still gets there.
 */
export const SECTION_LOAD_TIMEOUT_MS = 15_000;

const UNAVAILABLE: SectionModule = { default: SectionUnavailable };

const cache = new Map<RemoteName, LazyExoticComponent<ComponentType>>();
/** Sections whose module is loaded (by a preload or an earlier visit): they render without suspending. */
const ready = new Map<RemoteName, ComponentType>();

function keepIfLoaded(name: RemoteName, module: SectionModule | undefined) {
  if (module?.default && module.default !== SectionUnavailable) ready.set(name, module.default);
}

/** The section's module from its remote; SectionUnavailable when the remote is down, broken or too slow. */
async function importSection(name: RemoteName): Promise<SectionModule> {
  let timer: number | undefined;
  const timeout = new Promise<SectionModule>((resolve) => {
    timer = window.setTimeout(() => {
      console.error(`Section ${name} did not load within ${SECTION_LOAD_TIMEOUT_MS} ms`);
      resolve(UNAVAILABLE);
    }, SECTION_LOAD_TIMEOUT_MS);
  });
  const load = (async (): Promise<SectionModule> => {
    try {
      const { mf } = await ensureRemotesRegistered();
      // A remote that fails to load resolves to SectionUnavailable (`error-load-remote.ts`), never throws.
      const module = await mf.loadRemote<SectionModule>(`${name}/Section`);
      keepIfLoaded(name, module ?? undefined);
      return module?.default ? module : UNAVAILABLE;
    } catch (error) {
      console.error(`Section ${name} is unavailable`, error);
      return UNAVAILABLE;
    }
  })();
  try {
    return await Promise.race([load, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * The lazy component of a dashboard section, loaded from its remote (`<name>/Section`) through the MF
 * runtime (loaded on first use, `runtime.ts`) once the remotes are registered. Cached per section until a
 * retry; failures resolve to SectionUnavailable.
 *
 * @example const Clients = loadSection('clients'); <Suspense><Clients /></Suspense>
 */
export function loadSection(name: RemoteName): LazyExoticComponent<ComponentType> {
  let component = cache.get(name);
  if (!component) {
    component = lazy(() => importSection(name));
    cache.set(name, component);
  }
  return component;
}

/** The loaded section itself when it is there (renders at once), else its lazy component. */
function sectionComponent(name: RemoteName): ComponentType {
  return ready.get(name) ?? loadSection(name);
}

/**
 * Loads a section's module ahead of time (hover, idle) so that navigating to it renders at once, without
 * a loading state: the outlet then mounts the loaded component directly. Resolves to whether it loaded (a
 * remote that is down is tried again by the next preload or visit); never throws.
 */
export async function preloadSection(name: RemoteName): Promise<boolean> {
  try {
    const { mf } = await ensureRemotesRegistered();
    keepIfLoaded(name, (await mf.loadRemote<SectionModule>(`${name}/Section`)) ?? undefined);
  } catch {
    // The route shows "section unavailable" with a retry when the user actually goes there.
  }
  return ready.has(name);
}

/**
 * Mounts a section with a loading fallback, an error boundary (a section that throws while rendering) and
 * a retry that drops the cached (failed) section and registers its remote afresh before loading it again.
 */
export function SectionOutlet({ name }: { name: RemoteName }) {
  const { t } = useTranslation();
  // Chosen once per attempt, so a re-render never swaps the component (and the section's state) under it.
  const [current, setCurrent] = useState(() => ({ attempt: 0, Section: sectionComponent(name) }));
  const retry = useCallback(() => {
    cache.delete(name);
    ready.delete(name);
    void resetRemote(name)
      .catch(() => {})
      .finally(() => setCurrent((c) => ({ attempt: c.attempt + 1, Section: sectionComponent(name) })));
  }, [name]);
  const outlet = useMemo(() => ({ name, retry }), [name, retry]);
  const { Section, attempt } = current;
  return (
    <SectionRetryContext.Provider value={outlet}>
      <ErrorBoundary key={attempt} fallback={() => <SectionUnavailable />}>
        <Suspense fallback={<PageFallback label={t('app.loading')} />}>
          <Section />
        </Suspense>
      </ErrorBoundary>
    </SectionRetryContext.Provider>
  );
}
