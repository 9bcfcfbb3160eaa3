import type { App } from '../../http/context';
import { registerCreateBookingType } from './create';
import { registerDeleteBookingType } from './delete';
import { registerGetBookingType } from './get';
import { registerListBookingTypes } from './list';
import {
  registerCreateBookingOverride,
  registerDeleteBookingOverride,
  registerListBookingOverrides,
  registerUpdateBookingOverride,
} from './overrides';
import { registerUpdateBookingType } from './update';

/** Booking types (issue 30): the provider's types, their availability and the date overrides. */
export function registerBookingTypeRoutes(app: App) {
  registerListBookingTypes(app);
  registerCreateBookingType(app);
  registerGetBookingType(app);
  registerUpdateBookingType(app);
  registerDeleteBookingType(app);
  registerListBookingOverrides(app);
  registerCreateBookingOverride(app);
  registerUpdateBookingOverride(app);
  registerDeleteBookingOverride(app);
}
