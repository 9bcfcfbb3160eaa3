import type { ProviderScope } from '../auth/scope';
import type { Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { googleCalendarKind } from './google-calendar/kind';

/**
 * An integration that connects through an OAuth authorisation returning to `/integrations/callback`
 * (`authorisations.ts`): its name (stored with the state) and how it finishes with the returned code.
 */
export interface AuthorisationKind {
  /** Lower-case with underscores, e.g. `google_calendar`. */
  readonly name: string;
  /**
   * Exchanges the code (with the PKCE verifier when the start made one) and stores what the integration
   * keeps (tokens encrypted at rest), in `tx`. Throwing reports the authorisation as failed.
   */
  complete(ctx: {
    deps: AuthorisationDeps;
    tx: Tx;
    scope: ProviderScope;
    code: string;
    codeVerifier: string | null;
  }): Promise<void>;
}

/** What finishing an authorisation may use: the configuration, the log, the job queue and the request's time. */
export type AuthorisationDeps = Pick<AppDeps, 'log' | 'config' | 'jobs'> & { now: Date };

/** Every integration kind that can start an authorisation, one line each. */
export const AUTHORISATION_KINDS: readonly AuthorisationKind[] = [googleCalendarKind];
