import { WaitlistInput, WaitlistResponse } from '../../../shared/contracts/waitlist';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { publicOperation } from '../operation';

/** POST /api/waitlist */
export const registerWaitlistJoin = publicOperation(
  {
    method: 'post',
    path: '/api/waitlist',
    operationId: 'joinWaitlist',
    tags: ['Waitlist'],
    summary: 'Join the waitlist',
    description:
      'Adds an e-mail (and optional name) to the launch waitlist. 201 for a new entry, 200 with `alreadyOnList: true` when the address is already on it (nothing changes). Limited to 20 per hour per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: WaitlistInput, example: { email: 'ada@example.com', name: 'Ada' } },
        },
      },
    },
    responses: {
      201: {
        description: 'Added to the waitlist',
        content: { 'application/json': { schema: WaitlistResponse } },
      },
      200: {
        description: 'Already on the waitlist',
        content: {
          'application/json': { schema: WaitlistResponse, example: { joined: true, alreadyOnList: true } },
        },
      },
      ...errorResponses(403, 415, 422, 429),
    },
  },
  async (c) => {
    const { email, name } = c.req.valid('json');
    await enforceRateLimit(c, RATE_LIMITS.waitlistIp, clientIp(c));
    const { sql, now } = c.get('deps');
    const inserted = await sql`
      INSERT INTO waitlist (email, name, language, created_at)
      VALUES (${email}, ${name || null}, ${c.get('lang')}, ${now()})
      ON CONFLICT (email) DO NOTHING
      RETURNING id`;
    return inserted.length > 0
      ? c.json({ joined: true as const, alreadyOnList: false }, 201)
      : c.json({ joined: true as const, alreadyOnList: true }, 200);
  },
);
