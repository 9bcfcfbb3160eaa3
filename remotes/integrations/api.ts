import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type {
  GoogleCalendarChoice,
  GoogleCalendarConnectStart,
  GoogleCalendarList,
  GoogleCalendarState,
} from '../../shared/contracts/google-calendar';
import type {
  AuthorisationCallback,
  AuthorisationOutcome,
  MailDomainCreate,
  MailDomainState,
  MailDomainUpdate,
  StripeCheck,
} from '../../shared/contracts/integrations';
import type { StripeConnection } from '../../shared/contracts/invoices';
import { integrationKeys } from '../../shared/sections/integrations';

/**
 * The Integrations section's data: TanStack Query on the host's QueryClient, keys in
 * `shared/sections/integrations.ts`, bodies and answers the contracts of `shared/contracts/integrations.ts`.
 */

/** The Stripe connection as Settings manages it. */
export function useStripeConnection() {
  return useQuery({
    queryKey: integrationKeys.stripe,
    queryFn: ({ signal }): Promise<StripeConnection> => callApi(api.GET('/api/payments/stripe', { signal })),
  });
}

/** Reads the connected account at Stripe now, with the stored key. */
export function useStripeCheck() {
  return useMutation({
    mutationFn: (): Promise<StripeCheck> => callApi(api.POST('/api/payments/stripe/check')),
  });
}

/** The provider's sending domain (and whether this server can have one). */
export function useMailDomain() {
  return useQuery({
    queryKey: integrationKeys.mailDomain,
    queryFn: ({ signal }): Promise<MailDomainState> =>
      callApi(api.GET('/api/integrations/mail-domain', { signal })),
  });
}

/** A change of the sending domain whose answer is the new state: the card shows it at once. */
function useMailDomainChange<Input>(request: (input: Input) => Promise<MailDomainState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (state) => queryClient.setQueryData(integrationKeys.mailDomain, state),
  });
}

export const useCreateMailDomain = () =>
  useMailDomainChange((body: MailDomainCreate) =>
    callApi(api.POST('/api/integrations/mail-domain', { body })),
  );

export const useVerifyMailDomain = () =>
  useMailDomainChange(() => callApi(api.POST('/api/integrations/mail-domain/verify')));

export const useUpdateMailDomain = () =>
  useMailDomainChange((body: MailDomainUpdate) =>
    callApi(api.PATCH('/api/integrations/mail-domain', { body })),
  );

export function useRemoveMailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.DELETE('/api/integrations/mail-domain')),
    onSuccess: () =>
      queryClient.setQueryData<MailDomainState>(integrationKeys.mailDomain, (state) =>
        state ? { ...state, domain: null } : state,
      ),
  });
}

/**
 * Completes the authorisation the return page carries, once per state: a query (not a mutation) so a
 * second render or React's development double effect does not spend the state twice; never retried, kept
 * for the page's life.
 */
export function useAuthorisationOutcome(input: AuthorisationCallback | null) {
  return useQuery({
    queryKey: [...integrationKeys.all, 'callback', input?.state ?? ''],
    queryFn: (): Promise<AuthorisationOutcome> =>
      callApi(api.POST('/api/integrations/callback', { body: input as AuthorisationCallback })),
    enabled: input !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

/** The Google Calendar connection (issue 30): whether the server can connect, and the provider's connection. */
export function useGoogleCalendar() {
  return useQuery({
    queryKey: integrationKeys.googleCalendar,
    queryFn: ({ signal }): Promise<GoogleCalendarState> =>
      callApi(api.GET('/api/integrations/google-calendar', { signal })),
  });
}

/** The connected account's calendars, read from Google (only while connected). */
export function useGoogleCalendars(enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.googleCalendars,
    queryFn: ({ signal }): Promise<GoogleCalendarList> =>
      callApi(api.GET('/api/integrations/google-calendar/calendars', { signal })),
    enabled,
    retry: false,
  });
}

/** Starts connecting: the answer is Google's authorisation page, where the browser goes next. */
export function useConnectGoogleCalendar() {
  return useMutation({
    mutationFn: (): Promise<GoogleCalendarConnectStart> =>
      callApi(api.POST('/api/integrations/google-calendar/connect')),
  });
}

export function useChooseGoogleCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoogleCalendarChoice): Promise<GoogleCalendarState> =>
      callApi(api.PATCH('/api/integrations/google-calendar', { body })),
    onSuccess: (state) => {
      queryClient.setQueryData(integrationKeys.googleCalendar, state);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.googleCalendars });
    },
  });
}

export function useDisconnectGoogleCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.DELETE('/api/integrations/google-calendar')),
    onSuccess: () => {
      queryClient.setQueryData<GoogleCalendarState>(integrationKeys.googleCalendar, (state) =>
        state ? { ...state, connection: null } : state,
      );
      queryClient.removeQueries({ queryKey: integrationKeys.googleCalendars });
    },
  });
}
