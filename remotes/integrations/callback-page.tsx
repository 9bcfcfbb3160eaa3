import { AlertTriangle, CheckCircle2, CircleSlash, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AuthorisationCallback } from '../../shared/contracts/integrations';
import { Link, useSearchParams } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useAuthorisationOutcome } from './api';
import { INTEGRATIONS_BASE } from './base';
import { callbackView } from './callback-view';
import { useIntegrationTexts } from './i18n';

/** What the authorisation server put into the return address, as the API takes it (null: no state). */
export function callbackInput(query: URLSearchParams): AuthorisationCallback | null {
  const state = query.get('state');
  if (!state) return null;
  const optional = (name: string, value: string | null) => (value ? { [name]: value } : {});
  return {
    state,
    ...optional('code', query.get('code')),
    ...optional('error', query.get('error')),
    ...optional('errorDescription', query.get('error_description')),
  };
}

const ICONS = {
  ok: <CheckCircle2 aria-hidden="true" className="size-6" />,
  denied: <CircleSlash aria-hidden="true" className="size-6" />,
  error: <AlertTriangle aria-hidden="true" className="size-6" />,
} as const;

/**
 * `/integrations/callback` (the host forwards it here with its query): the page an integration's
 * authorisation returns to. It posts the query once (`state`, `code`, `error`, `error_description`) and says
 * in words how it went: connected, access not granted, the integration's error, or a state that is missing,
 * unknown, expired or used; always with the way back to the Integrations page.
 */
export function CallbackPage() {
  const { t } = useIntegrationTexts();
  const [query] = useSearchParams();
  const input = callbackInput(query);
  const outcome = useAuthorisationOutcome(input);
  useDocumentTitle(t('callback.title'));
  const back = (
    <Link to={INTEGRATIONS_BASE} className={buttonClass('primary')}>
      {t('callback.back')}
    </Link>
  );
  if (input && outcome.isPending)
    return (
      <Frame>
        <StatePanel
          role="status"
          icon={<Loader2 aria-hidden="true" className="size-6 animate-spin" />}
          title={t('callback.working')}
        />
      </Frame>
    );
  const view = callbackView(input !== null, outcome.data, outcome.error);
  return (
    <Frame>
      <StatePanel
        role={view.tone === 'ok' ? 'status' : 'alert'}
        icon={ICONS[view.tone]}
        title={t(view.title)}
        body={[
          t(view.body, {
            integration: t(view.integration),
            reason: view.reason ?? '',
          }),
          view.detail ? t(view.detail, { reason: view.reason ?? '' }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {back}
      </StatePanel>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useIntegrationTexts();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('callback.title')}</h1>
      {children}
    </div>
  );
}
