import {
  BookingOverride,
  BookingOverrideCreate,
  BookingOverrideList,
  BookingOverrideListQuery,
  BookingOverrideUpdate,
} from '../../../shared/contracts/booking-types';
import { errorResponses } from '../../http/openapi';
import {
  createBookingOverride,
  deleteBookingOverride,
  listBookingOverrides,
  updateBookingOverride,
} from '../../services/booking-types/overrides';
import { providerOperation } from '../operation';
import { OverrideIdParam, TAG } from './params';

/*
 * Date overrides and holidays (issue 30): a day's own hours instead of the weekly ones, for every booking
 * type or one. Four small operations of one resource, kept together.
 */

const json = <S>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** GET /api/booking-overrides */
export const registerListBookingOverrides = providerOperation(
  {
    method: 'get',
    path: '/api/booking-overrides',
    operationId: 'listBookingOverrides',
    tags: [TAG],
    summary: 'List date overrides and holidays',
    description:
      'A page of the provider’s date overrides, earliest day first (`limit`, `cursor` as every list). `bookingTypeId`: that type’s own and those for every type; `from`: days on or after it.',
    request: { query: BookingOverrideListQuery },
    responses: { 200: json(BookingOverrideList, 'Date overrides'), ...errorResponses(401, 403, 422) },
  },
  async (c, scope) => c.json(await listBookingOverrides(c.get('deps').sql, scope, c.req.valid('query')), 200),
);

/** POST /api/booking-overrides */
export const registerCreateBookingOverride = providerOperation(
  {
    method: 'post',
    path: '/api/booking-overrides',
    operationId: 'createBookingOverride',
    tags: [TAG],
    summary: 'Add a date override or a holiday',
    description:
      'One calendar day’s hours instead of the weekly ones (`hours: []`, the default: not available that day) for every type (`bookingTypeId` null) or one of the provider’s types (another provider’s answers 404). One per day for every type and one per day and type: a second answers 409 `booking_override_exists`.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: BookingOverrideCreate,
            example: { day: '2026-12-24', hours: [], label: 'Christmas Eve' },
          },
        },
      },
    },
    responses: { 201: json(BookingOverride, 'The override'), ...errorResponses(401, 403, 404, 409, 422) },
  },
  async (c, scope) => c.json(await createBookingOverride(c.get('deps').sql, scope, c.req.valid('json')), 201),
);

/** PATCH /api/booking-overrides/{overrideId} */
export const registerUpdateBookingOverride = providerOperation(
  {
    method: 'patch',
    path: '/api/booking-overrides/{overrideId}',
    operationId: 'updateBookingOverride',
    tags: [TAG],
    summary: 'Change a date override',
    description:
      'Changes the fields sent: the day, its hours, the label, or the type it holds for. A day already taken for the same types answers 409 `booking_override_exists`. Another provider’s answers 404.',
    request: {
      params: OverrideIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: BookingOverrideUpdate,
            example: { hours: [['10:00', '14:00']], label: 'Short day' },
          },
        },
      },
    },
    responses: { 200: json(BookingOverride, 'The override'), ...errorResponses(401, 403, 404, 409, 422) },
  },
  async (c, scope) =>
    c.json(
      await updateBookingOverride(
        c.get('deps').sql,
        scope,
        c.req.valid('param').overrideId,
        c.req.valid('json'),
      ),
      200,
    ),
);

/** DELETE /api/booking-overrides/{overrideId} */
export const registerDeleteBookingOverride = providerOperation(
  {
    method: 'delete',
    path: '/api/booking-overrides/{overrideId}',
    operationId: 'deleteBookingOverride',
    tags: [TAG],
    summary: 'Delete a date override',
    description: 'The day follows the weekly hours again. Another provider’s answers 404.',
    request: { params: OverrideIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422) },
  },
  async (c, scope) => {
    await deleteBookingOverride(c.get('deps').sql, scope, c.req.valid('param').overrideId);
    return c.body(null, 204);
  },
);
