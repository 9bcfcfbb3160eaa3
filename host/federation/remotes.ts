import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { RemoteName } from '../../shared/contracts/platform';
import { federation } from './runtime';

/**
 * Remote URLs are configuration, not build output: the host reads them from `GET /api/config` on first use,
 * so a remote can move to a CDN or be redeployed without rebuilding the host (DESIGN.md "Frontend").
 */
type RemoteEntries = Partial<Record<RemoteName, string>>;

type Registration = { mf: ModuleFederation; remotes: RemoteEntries };

let registration: Promise<Registration> | null = null;

async function fetchRemotes(): Promise<RemoteEntries> {
  return (await callApi(api.GET('/api/config'))).remotes;
}

function toAbsolute(entry: string): string {
  return new URL(entry, window.location.origin).href;
}

/**
 * Loads the MF runtime (`runtime.ts`) and registers every remote of the platform config with it, once; both
 * in parallel. Retries after a failure. Also the prefetch hook: call it when a section is likely next.
 */
export function ensureRemotesRegistered(): Promise<Registration> {
  registration ??= Promise.all([federation(), fetchRemotes()])
    .then(([mf, remotes]) => {
      mf.registerRemotes(
        Object.entries(remotes).flatMap(([name, entry]) =>
          entry ? [{ name, entry: toAbsolute(entry) }] : [],
        ),
      );
      return { mf, remotes };
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** Re-registers one remote with `force`, dropping the runtime's cached (failed) entry before a retry. */
export async function resetRemote(name: RemoteName): Promise<void> {
  const { mf, remotes } = await ensureRemotesRegistered();
  const entry = remotes[name];
  if (entry) mf.registerRemotes([{ name, entry: toAbsolute(entry) }], { force: true });
}
