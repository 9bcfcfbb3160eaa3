import type { AuthorisationOutcome } from '../../shared/contracts/integrations';

/** How the return page looks for one outcome: its tone and the keys of its texts. */
export interface CallbackView {
  tone: 'ok' | 'denied' | 'error';
  title: string;
  body: string;
  /** A second sentence (the integration's own message). */
  detail: string | null;
  /** The key naming the integration (`callback.integration.*`). */
  integration: string;
  /** Words that fill `{{reason}}`: the integration's error description, or the failure's message. */
  reason: string | null;
}

const KNOWN_INTEGRATIONS = ['google_calendar'];

/** The key naming an integration kind in the texts (the generic "The service" for one not listed). */
export const integrationKey = (name: string | undefined): string =>
  name && KNOWN_INTEGRATIONS.includes(name) ? `callback.integration.${name}` : 'callback.integration.other';

const REFUSALS: Record<string, string> = {
  authorisation_state_invalid: 'invalid',
  authorisation_state_expired: 'expired',
  authorisation_state_used: 'used',
};

/** The error's code and message, read by shape (a remote's ApiError is its own copy of the class). */
function failureOf(error: unknown): { code: string | undefined; message: string | undefined } {
  const shape = (error ?? {}) as { code?: string; message?: string };
  return { code: shape.code, message: shape.message };
}

/**
 * The page for what the callback answered: `hasState` false (the return address had none), an outcome,
 * or an error of the operation (the state unknown, expired or used; anything else with its message).
 */
export function callbackView(
  hasState: boolean,
  outcome: AuthorisationOutcome | undefined,
  error: unknown,
): CallbackView {
  const plain = (tone: CallbackView['tone'], name: string, reason: string | null = null): CallbackView => ({
    tone,
    title: `callback.${name}.title`,
    body: `callback.${name}.body`,
    detail: null,
    integration: integrationKey(outcome?.integration),
    reason,
  });
  if (!hasState) return plain('error', 'missingState');
  if (outcome?.outcome === 'connected') return plain('ok', 'connected');
  if (outcome?.outcome === 'denied') return plain('denied', 'denied');
  if (outcome) {
    const reason = outcome.errorDescription ?? outcome.error;
    return { ...plain('error', 'failed', reason), detail: reason ? 'callback.failed.reason' : null };
  }
  const failure = failureOf(error);
  const refusal = failure.code ? REFUSALS[failure.code] : undefined;
  if (refusal) return plain('error', refusal);
  return plain('error', 'error', failure.message ?? null);
}
