import { PlatformConfig } from '../../../shared/contracts/platform';
import { remoteManifests } from '../../../shared/remotes';
import { publicOperation } from '../operation';

export const registerPlatformConfig = publicOperation(
  {
    method: 'get',
    path: '/api/config',
    operationId: 'getPlatformConfig',
    tags: ['Platform'],
    summary: 'Frontend runtime configuration',
    description:
      'Where the dashboard finds each section (Module Federation manifest URLs, so a section can move to a CDN without rebuilding the dashboard) and how e-mail is delivered.',
    responses: {
      200: { description: 'Configuration', content: { 'application/json': { schema: PlatformConfig } } },
    },
  },
  (c) => {
    const { config, mailer } = c.get('deps');
    const remotes = remoteManifests(config.REMOTES_BASE_URL);
    c.header('Cache-Control', 'no-cache');
    return c.json({ remotes, mail: mailer.via }, 200);
  },
);
