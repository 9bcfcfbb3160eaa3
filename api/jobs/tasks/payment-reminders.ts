import { z } from 'zod';
import { sendPaymentReminders } from '../../services/reminders/sweep';
import { defineTask } from '../task';

/**
 * Sends the payment reminders that have come (`sendPaymentReminders`: once per invoice and step, safe on
 * several instances at once). Every 15 minutes for every provider, and at once for one provider who turns
 * reminders on (`{ providerId }`, job key `payment-reminders:<providerId>`).
 */
export const sendPaymentRemindersTask = defineTask({
  name: 'send_payment_reminders',
  payload: z.object({ providerId: z.guid().optional() }),
  maxAttempts: 3,
  async run(payload, { deps, log }) {
    const sent = await sendPaymentReminders(
      { ...deps, log },
      payload.providerId ? { providerId: payload.providerId } : {},
    );
    if (sent > 0) log.info({ sent }, 'payment reminders sent');
  },
});
