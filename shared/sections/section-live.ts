import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeActivity } from '../contracts/realtime';
import type { RealtimeEvent } from '../realtime/client';

/**
 * What a dashboard section does with the provider's live events (`/api/realtime`): its part of the host's
 * one socket. Each section declares it in `shared/sections/<name>.ts` beside its query keys, and
 * `shared/sections/live.ts` lists it under the section's registry name; the host's realtime connection
 * iterates the registry and calls each, so the host names no section. Type-only imports: a section's live
 * module holds keys and pure functions of the host's QueryClient, nothing that renders.
 */
export interface SectionLive {
  /** The prefix of every key of the section: read again after the socket was offline (deletions are not caught up). */
  readonly root: readonly [string];
  /** What one event does to the section's cache (an open page updates; a closed one refetches when it mounts). */
  apply(client: QueryClient, event: RealtimeEvent): void;
}

/** The activity item of an event, or null for a deleted project (which carries only its id). */
export const activityOf = (event: RealtimeEvent): RealtimeActivity | null =>
  event.type === 'project_deleted' ? null : event;
