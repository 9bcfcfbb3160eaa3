import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when that changes (false on the server). For layouts
 * that differ in structure, not only in style: rendering both and hiding one would double every control.
 * @example const wide = useMediaQuery('(min-width: 768px)');
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
