import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllClients } from '../../../shared/api/all-pages';
import { callApi } from '../../../shared/api/call';
import { api, type paths } from '../../../shared/api/client';
import type {
  BookingOverride,
  BookingOverrideList,
  BookingType,
  BookingTypeList,
} from '../../../shared/contracts/booking-types';
import { calendarKeys } from '../../../shared/sections/calendar';
import { useCursorList } from '../../../shared/ui/use-cursor-list';

/** The booking types' data (issue 30), under the calendar section's key (`['calendar', 'booking-types', …]`). */
export const bookingTypeKeys = {
  all: [...calendarKeys.all, 'booking-types'] as const,
  lists: [...calendarKeys.all, 'booking-types', 'list'] as const,
  list: (query: object) => [...calendarKeys.all, 'booking-types', 'list', query] as const,
  detail: (id: string) => [...calendarKeys.all, 'booking-types', 'detail', id] as const,
  overrides: (typeId: string | null) => [...calendarKeys.all, 'booking-overrides', typeId ?? 'all'] as const,
  overridesAll: [...calendarKeys.all, 'booking-overrides'] as const,
  clients: [...calendarKeys.all, 'booking-types', 'clients'] as const,
};

export const PAGE_SIZE = 25;

export type BookingTypeBody =
  paths['/api/booking-types']['post']['requestBody']['content']['application/json'];
export type BookingTypeChanges =
  paths['/api/booking-types/{bookingTypeId}']['patch']['requestBody']['content']['application/json'];
export type OverrideBody =
  paths['/api/booking-overrides']['post']['requestBody']['content']['application/json'];
export type OverrideChanges =
  paths['/api/booking-overrides/{overrideId}']['patch']['requestBody']['content']['application/json'];

export function useBookingTypeList(filter: { q?: string; active?: 'true' | 'false' }) {
  return useCursorList({
    queryKey: bookingTypeKeys.list(filter),
    fetchPage: (cursor, signal): Promise<BookingTypeList> =>
      callApi(
        api.GET('/api/booking-types', {
          params: { query: { ...filter, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useBookingType(id: string | undefined) {
  return useQuery({
    queryKey: bookingTypeKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }): Promise<BookingType> =>
      callApi(
        api.GET('/api/booking-types/{bookingTypeId}', {
          params: { path: { bookingTypeId: id ?? '' } },
          signal,
        }),
      ),
  });
}

function useSettle() {
  const queryClient = useQueryClient();
  return (saved: BookingType | null, id: string) => {
    if (saved) queryClient.setQueryData(bookingTypeKeys.detail(saved.id), saved);
    else queryClient.removeQueries({ queryKey: bookingTypeKeys.detail(id), exact: true });
    return queryClient.invalidateQueries({ queryKey: bookingTypeKeys.lists });
  };
}

export function useSaveBookingType() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string;
      body: BookingTypeBody | BookingTypeChanges;
    }): Promise<BookingType> =>
      callApi(
        id
          ? api.PATCH('/api/booking-types/{bookingTypeId}', { params: { path: { bookingTypeId: id } }, body })
          : api.POST('/api/booking-types', { body: body as BookingTypeBody }),
      ),
    onSuccess: (saved) => settle(saved, saved.id),
  });
}

export function useDeleteBookingType() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(api.DELETE('/api/booking-types/{bookingTypeId}', { params: { path: { bookingTypeId: id } } })),
    onSuccess: (_result, id) => settle(null, id),
  });
}

/** Every client of the provider by name: what the chooser searches (the API answers 100 a page at most). */
export function useClientOptions() {
  return useQuery({
    queryKey: bookingTypeKeys.clients,
    queryFn: async ({ signal }) =>
      (await readAllClients(signal)).map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        company: c.company,
      })),
  });
}

/** The overrides from today on: of every type (`typeId` null), or one type's own and those for all. */
export function useOverrides(typeId: string | null, from: string) {
  return useCursorList({
    queryKey: [...bookingTypeKeys.overrides(typeId), from],
    fetchPage: (cursor, signal): Promise<BookingOverrideList> =>
      callApi(
        api.GET('/api/booking-overrides', {
          params: {
            query: {
              from,
              limit: 100,
              ...(typeId ? { bookingTypeId: typeId } : {}),
              ...(cursor ? { cursor } : {}),
            },
          },
          signal,
        }),
      ),
  });
}

export function useSaveOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string;
      body: OverrideBody | OverrideChanges;
    }): Promise<BookingOverride> =>
      callApi(
        id
          ? api.PATCH('/api/booking-overrides/{overrideId}', { params: { path: { overrideId: id } }, body })
          : api.POST('/api/booking-overrides', { body: body as OverrideBody }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingTypeKeys.overridesAll }),
  });
}

export function useDeleteOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(api.DELETE('/api/booking-overrides/{overrideId}', { params: { path: { overrideId: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingTypeKeys.overridesAll }),
  });
}
