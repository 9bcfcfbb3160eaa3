import { expect as baseExpect, test } from '@playwright/test';
import { type Booking, bookingType } from './booking-world';
import { clientToken, world } from './collaboration-world';
import { gotoLive, ok } from './support';

/**
 * Issue 30, the provider's side of a booking: a booking type made through the provider's API, the calendar's
 * agenda open; a client books and then cancels in their portal, and the provider's calendar shows the
 * booking, then its cancellation, without a reload (the provider's live feed invalidates the calendar).
 */

const expect = baseExpect.configure({ timeout: 15_000 });

test('the provider sees a client’s booking and its cancellation appear in the calendar live', async ({
  browser,
  request,
}) => {
  const w = await world(request);
  const typeId = await bookingType(request, 'Kick-off call');
  const token = await clientToken(request, { email: w.clientEmail, portalId: w.portalId });
  const portal = (path: string) => `/api/portal/${w.portalId}${path}`;
  const auth = { Authorization: `Bearer ${token}` };

  const providerContext = await browser.newContext({ storageState: await request.storageState() });
  try {
    const provider = await providerContext.newPage();
    await gotoLive(provider, '/dashboard/calendar?view=agenda');
    await expect(provider.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const entry = provider.locator('[data-kind="booking"]').filter({ hasText: 'Kick-off call' });
    await expect(entry).toHaveCount(0);

    // The client books the first free slot tomorrow or later (the agenda shows 30 days from today).
    const from = new Date(Date.now() + 86_400_000);
    const slots = await ok<{ slots: { startsAt: string }[] }>(
      await request.get(
        portal(
          `/booking-types/${typeId}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + 7 * 86_400_000).toISOString()}&timeZone=Europe/Berlin`,
        ),
        { headers: auth },
      ),
    );
    const booked = await ok<Booking>(
      await request.post(portal('/bookings'), {
        headers: auth,
        data: { bookingTypeId: typeId, startsAt: slots.slots[0]?.startsAt, timeZone: 'Europe/Berlin' },
      }),
      201,
    );
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Grace Hopper');
    await expect(entry.locator('.line-through')).toHaveCount(0);

    // Cancelled by the client: struck through, and it says so to a screen reader.
    await ok(await request.post(portal(`/bookings/${booked.id}/cancel`), { headers: auth, data: {} }));
    await expect(entry.locator('.line-through')).toHaveCount(1);
    await expect(entry.getByText('(cancelled)')).toBeAttached();
  } finally {
    await providerContext.close();
  }
});
