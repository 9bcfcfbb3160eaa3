import { z } from 'zod';
import { Email, text } from './common';

export const WaitlistInput = z
  .object({
    email: Email,
    name: text().trim().max(120, { error: 'validation.nameTooLong' }).optional(),
  })
  .meta({ id: 'WaitlistInput', example: { email: 'ada@example.com', name: 'Ada' } });
export type WaitlistInput = z.input<typeof WaitlistInput>;

export const WaitlistResponse = z
  .object({ joined: z.literal(true), alreadyOnList: z.boolean() })
  .meta({ id: 'WaitlistResponse', example: { joined: true, alreadyOnList: false } });
