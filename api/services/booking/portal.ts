import type { PortalBookingTypeList, SlotList, SlotQuery } from '../../../shared/contracts/bookings';
import type { ClientScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { bookableTypes, externalBusy, type GoogleBusyDeps, loadBookingType, slotsOf } from './load';

/** The booking types the signed-in client may book (active; open to all, or chosen including them). */
export async function portalBookingTypes(sql: Sql, scope: ClientScope): Promise<PortalBookingTypeList> {
  const rows = await bookableTypes(sql, scope);
  return {
    items: rows.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      durationMinutes: t.duration_minutes,
      locationKind: t.location_kind,
      changeNoticeMinutes: t.change_notice_minutes,
      minNoticeMinutes: t.min_notice_minutes,
      horizonDays: t.horizon_days,
    })),
  };
}

/** The free slots of a type the client may book, in a window (404 for another type). */
export async function portalSlots(
  deps: GoogleBusyDeps,
  scope: ClientScope,
  typeId: string,
  query: SlotQuery,
): Promise<SlotList> {
  const { sql } = deps;
  const type = await loadBookingType(sql, scope, typeId);
  const from = new Date(query.from);
  const to = new Date(query.to);
  const external = await externalBusy(deps, scope, type, from, to);
  const starts = await slotsOf(sql, scope, type, { from, to, now: deps.now() }, { external });
  const length = type.duration_minutes * 60_000;
  return {
    bookingTypeId: type.id,
    timeZone: query.timeZone,
    slots: starts.map((s) => ({
      startsAt: s.toISOString(),
      endsAt: new Date(s.getTime() + length).toISOString(),
    })),
  };
}
