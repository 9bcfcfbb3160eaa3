import { useEffect } from 'react';

/**
 * Once a list has rendered, brings the item named by the URL's fragment (`#invoice-…`, from a dashboard
 * link) into view and focuses it, so the link lands on what was clicked.
 */
export function useHashTarget(ready: boolean): void {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [ready]);
}
