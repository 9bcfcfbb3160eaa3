/**
 * `localStorage` behind one wrapper (STYLE.md): private modes, blocked third-party storage (the portal runs
 * inside an iframe) and quota errors all throw, and none of them may break the page.
 *
 * @example safeStore.get('language') // 'de' | null
 */
export const safeStore = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage blocked or full: the choice lasts for this page view only.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
