import { createRoute } from '@hono/zod-openapi';
import { Profile } from '../../../shared/contracts/profile';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getProfile } from '../../services/profile/get-profile';

const route = createRoute({
  method: 'get',
  path: '/api/profile',
  tags: ['Profile'],
  summary: 'Read your profile',
  description:
    'The signed-in provider’s profile with the account e-mail. 404 `profile_not_found` ("Profile not found", spec §8) when the account has no profile. Not cacheable.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: Profile } } },
    ...errorResponses(401, 404),
  },
});

/** GET /api/profile */
export function registerGetProfile(app: App) {
  app.openapi(route, async (c) => {
    const scope = providerScope(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getProfile(c.get('deps').sql, scope), 200);
  });
}
