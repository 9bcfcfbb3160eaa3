import { Project, ProjectCreateInput } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { createProject } from '../../services/projects/manage-projects';
import { providerOperation } from '../operation';

/** POST /api/projects */
export const registerCreateProject = providerOperation(
  {
    method: 'post',
    path: '/api/projects',
    operationId: 'createProject',
    tags: ['Projects'],
    summary: 'Create a project',
    description:
      'Creates a project for one of your clients: name and client required; status (default planning), budget in minor units of your currency, start and end date (`YYYY-MM-DD`, the end not before the start), description (shown to the client), internal notes (never shown to the client) and whether the client sees the budget. A client that is not yours answers 404. The client is notified in the portal.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ProjectCreateInput,
            example: {
              name: 'Website relaunch',
              clientId: '3f1c9a2b-0000-4000-8000-000000000000',
              status: 'in_progress',
              budgetCents: 1250000,
              startDate: '2026-12-01',
              endDate: '2027-02-28',
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The new project', content: { 'application/json': { schema: Project } } },
      ...errorResponses(401, 403, 404, 415, 422),
    },
  },
  async (c, scope) => c.json(await createProject(c.get('deps'), scope, c.req.valid('json')), 201),
);
