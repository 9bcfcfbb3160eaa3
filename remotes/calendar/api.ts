import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { readAllClients, readAllProjects } from '../../shared/api/all-pages';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type {
  CalendarEntry,
  CalendarEventCreate,
  CalendarEventUpdate,
} from '../../shared/contracts/calendar';
import { calendarKeys } from '../../shared/sections/calendar';

/** The window the views read: days `from`–`to` in the browser's zone. */
export function useEntries(from: string, to: string, timeZone: string) {
  return useQuery({
    queryKey: calendarKeys.entries(from, to, timeZone),
    queryFn: ({ signal }) =>
      callApi(api.GET('/api/calendar/entries', { params: { query: { from, to, timeZone } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select: (data) => data.items as CalendarEntry[],
  });
}

export function useCalendarEvent(eventId: string | null) {
  return useQuery({
    queryKey: calendarKeys.event(eventId ?? ''),
    queryFn: ({ signal }) =>
      callApi(
        api.GET('/api/calendar/events/{eventId}', { params: { path: { eventId: eventId ?? '' } }, signal }),
      ),
    enabled: !!eventId,
    // A dialog opens on the event as it is now (its rule and exceptions may have changed since).
    refetchOnMount: 'always',
  });
}

/** Every change to events invalidates the whole section (windows and events). */
export function useEventMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: calendarKeys.all });
  const create = useMutation({
    mutationFn: (body: z.output<typeof CalendarEventCreate>) =>
      callApi(api.POST('/api/calendar/events', { body })),
    onSuccess: done,
  });
  const update = useMutation({
    mutationFn: ({ eventId, body }: { eventId: string; body: z.output<typeof CalendarEventUpdate> }) =>
      callApi(api.PATCH('/api/calendar/events/{eventId}', { params: { path: { eventId } }, body })),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: ({
      eventId,
      occurrence,
      following,
    }: {
      eventId: string;
      occurrence?: string;
      following?: boolean;
    }) =>
      callApi(
        api.DELETE('/api/calendar/events/{eventId}', {
          params: {
            path: { eventId },
            query: occurrence ? { occurrence, ...(following ? { following: 'true' as const } : {}) } : {},
          },
        }),
      ),
    onSuccess: done,
  });
  return { create, update, remove };
}

export function usePickers() {
  const clients = useQuery({
    queryKey: calendarKeys.pickers('clients'),
    queryFn: ({ signal }) => readAllClients(signal),
    staleTime: 60_000,
  });
  const projects = useQuery({
    queryKey: calendarKeys.pickers('projects'),
    queryFn: ({ signal }) => readAllProjects(signal),
    staleTime: 60_000,
  });
  return { clients, projects };
}

export function useFeed() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => callApi(api.GET('/api/calendar/feed', { signal })),
  });
  const done = () => client.invalidateQueries({ queryKey: calendarKeys.feed });
  const create = useMutation({ mutationFn: () => callApi(api.POST('/api/calendar/feed')), onSuccess: done });
  const revoke = useMutation({
    mutationFn: () => callApi(api.DELETE('/api/calendar/feed')),
    onSuccess: done,
  });
  return { status, create, revoke };
}

/**
 * The provider's Google Calendar connection, for the calendar's settings (the Integrations page manages it
 * in full): its state, and starting a connection (the answer is Google's consent page).
 */
export function useGoogleCalendar() {
  const status = useQuery({
    queryKey: calendarKeys.google,
    queryFn: ({ signal }) => callApi(api.GET('/api/integrations/google-calendar', { signal })),
  });
  const connect = useMutation({
    mutationFn: () => callApi(api.POST('/api/integrations/google-calendar/connect')),
  });
  return { status, connect };
}
