import { lazy } from 'react';
import { SectionRoutes } from '../../shared/ui/section-routes';
import { ClientList } from './client-list';
import { useClientTexts } from './i18n';

/** The detail page (with its dialogs and zod) is its own chunk: the list is what most visits need. */
const ClientDetailPage = lazy(() => import('./client-detail'));

export const CLIENTS_BASE = '/dashboard/clients';

/**
 * The Clients section (spec §3, issue 4), exposed as `clients/Section` and mounted by the host under
 * `/dashboard/clients/*`, inside the host's router, QueryClient and i18n. Routes are relative: the list at
 * the section root, the detail at `:clientId`. Renders a skeleton until its texts (namespace `clients`,
 * only the active language) are registered.
 */
export default function ClientsSection() {
  const { ready } = useClientTexts();
  return (
    <SectionRoutes
      ready={ready}
      base={CLIENTS_BASE}
      list={<ClientList />}
      pages={{ ':clientId': <ClientDetailPage /> }}
    />
  );
}
