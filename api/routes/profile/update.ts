import { Profile, ProfileUpdateInput } from '../../../shared/contracts/profile';
import { errorResponses } from '../../http/openapi';
import { updateProfile } from '../../services/profile/update-profile';
import { providerOperation } from '../operation';

/** PATCH /api/profile */
export const registerUpdateProfile = providerOperation(
  {
    method: 'patch',
    path: '/api/profile',
    operationId: 'updateProfile',
    tags: ['Profile'],
    summary: 'Update your profile',
    description:
      'Changes only the fields sent: full name (1–120 characters), business name (up to 120; empty clears it), website (http or https URL up to 300 characters; empty clears it), preferred language (`en`, `de`) and currency (ISO 4217, or null to follow the language). Unknown fields are rejected. Returns the updated profile; the dashboard then shows "Profile updated successfully" (spec §8).',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ProfileUpdateInput,
            examples: {
              details: {
                summary: 'Name, business and website',
                value: {
                  fullName: 'Ada Lovelace',
                  businessName: 'Analytical Studio',
                  website: 'https://ada.studio',
                },
              },
              language: { summary: 'Switch to German', value: { preferredLanguage: 'de' } },
              currency: { summary: 'Bill in Swiss francs', value: { currency: 'CHF' } },
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The updated profile',
        content: { 'application/json': { schema: Profile } },
      },
      ...errorResponses(401, 403, 404, 415, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    return c.json(await updateProfile(sql, scope, c.req.valid('json'), now()), 200);
  },
);
