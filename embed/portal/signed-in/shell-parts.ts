import { type RefObject, useEffect, useRef } from 'react';
import { useLocationKey } from '../navigation/history';

/**
 * Moving to another page (a project's or a file's too) moves focus to its heading, as a full page load
 * would (not on the first page; not when only the address's query changes, e.g. a filter).
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const first = useRef(true);
  const path = useLocationKey().split('?')[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path]);
}
