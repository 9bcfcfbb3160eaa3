/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: react-i18next imports the shim,
 * whose fallback for React < 18 would otherwise ride along in every first load (`rsbuild.config.ts` aliases
 * the package's path to this file).
 */
export { useSyncExternalStore } from 'react';
