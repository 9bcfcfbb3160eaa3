import { type ComponentType, lazy } from 'react';

/**
 * A code-split component that renders at once when its chunk is already loaded. With plain `React.lazy`
 * the first render always suspends, and React 19 then holds the revealed content back for up to 300 ms
 * (it batches Suspense reveals): the portal's first screen came ~350 ms after its scripts had all
 * arrived. Start-up awaits `preload()` of the chunk the location needs (requested in parallel by
 * the start-up script, `boot.ts`), so the first render has no Suspense fallback at all; later navigations use the lazy path.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
