import type { ActivityItem } from '../../../../shared/contracts/activity';

/**
 * Live notifications that arrive before the notification hook (`use-notifications.ts`, loaded when the
 * browser is idle) is there to toast them: the socket keeps them here, the hook takes them when it mounts.
 * Its own first look at the list then marks them seen, so none is toasted twice.
 */
const early: ActivityItem[] = [];
let taken = false;

export function keepEarlyArrival(item: ActivityItem): void {
  if (!taken && !early.some((known) => known.id === item.id)) early.push(item);
}

/** The arrivals kept so far; from now on the hook sees arrivals in the list itself. */
export function takeEarlyArrivals(): ActivityItem[] {
  taken = true;
  return early.splice(0);
}
