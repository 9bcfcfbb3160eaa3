import { Health } from '../../../shared/contracts/platform';
import { publicOperation } from '../operation';

export const registerHealth = publicOperation(
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    tags: ['Platform'],
    summary: 'Service health',
    description: 'Reports whether the service and its database answer. 503 when the database is unreachable.',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
      503: { description: 'Database unreachable', content: { 'application/json': { schema: Health } } },
    },
  },
  async (c) => {
    const { sql, version } = c.get('deps');
    const up = await Promise.race([
      sql`SELECT 1`.then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, 2000, false)),
    ]).catch(() => false);
    c.header('Cache-Control', 'no-store');
    return up
      ? c.json({ status: 'ok' as const, database: 'up' as const, version }, 200)
      : c.json({ status: 'degraded' as const, database: 'down' as const, version }, 503);
  },
);
