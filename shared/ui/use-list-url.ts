import { useCallback } from 'react';
import { useSearchParams } from '../router';

/** The value of a URL parameter when it is one of `options`, else `fallback` (unknown values never fail a request). */
export function oneOf<T extends string, F extends string>(
  value: string | null,
  options: readonly T[],
  fallback: F,
) {
  return options.includes(value as T) ? (value as T) : fallback;
}

/**
 * A section's list state in the URL (`?q=&sort=&order=&page=` and its filters), so a list can be shared,
 * reloaded and gone back to: the parameters, the page (1 unless a whole number from 1 to 10,000), and
 * `update`, which sets some parameters (empty → removed) and goes back to page 1 on any change but the page.
 */
export function useListUrl<Param extends string>() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageNumber = Number(searchParams.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;

  const update = useCallback(
    (changes: Partial<Record<Param | 'page', string>>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value as string);
            else next.delete(key);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  return { searchParams, page, update };
}
