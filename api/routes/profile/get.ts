import { Profile } from '../../../shared/contracts/profile';
import { errorResponses } from '../../http/openapi';
import { getProfile } from '../../services/profile/get-profile';
import { providerOperation } from '../operation';

/** GET /api/profile */
export const registerGetProfile = providerOperation(
  {
    method: 'get',
    path: '/api/profile',
    operationId: 'getProfile',
    tags: ['Profile'],
    summary: 'Read your profile',
    description:
      'The signed-in provider’s profile with the account e-mail. 404 `profile_not_found` ("Profile not found", spec §8) when the account has no profile. Not cacheable.',
    responses: {
      200: { description: 'The profile', content: { 'application/json': { schema: Profile } } },
      ...errorResponses(401, 404),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getProfile(c.get('deps').sql, scope), 200);
  },
);
