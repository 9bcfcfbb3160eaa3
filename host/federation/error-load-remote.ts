import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SectionUnavailable } from './section-unavailable';

/**
 * MF runtime plugin: when a remote (its manifest, entry or exposed module) fails to load, answer with a
 * module whose default export is the "section unavailable" screen instead of throwing, so one offline remote
 * never breaks the shell. Render errors inside a loaded section are caught by the section's error boundary.
 */
export function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'platform-error-load-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`Remote module ${id} failed to load`, error);
      return { __esModule: true, default: SectionUnavailable };
    },
  };
}
