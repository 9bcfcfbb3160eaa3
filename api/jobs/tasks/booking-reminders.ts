import { z } from 'zod';
import { sendBookingReminders } from '../../services/booking/reminders';
import { defineTask } from '../task';

/** Sends the bookings' reminders that are due (`sendBookingReminders`: once per booking), every 5 minutes. */
export const sendBookingRemindersTask = defineTask({
  name: 'send_booking_reminders',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const sent = await sendBookingReminders(deps);
    if (sent > 0) log.info({ sent }, 'booking reminders sent');
  },
});
