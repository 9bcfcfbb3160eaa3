import { useEffect } from 'react';

/** Sets `<title>` to "page · portal" (or just one of them). */
export function usePageTitle(page: string, portalName: string | null | undefined): void {
  useEffect(() => {
    document.title = [page, portalName].filter(Boolean).join(' · ');
  }, [page, portalName]);
}
