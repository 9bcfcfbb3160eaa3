import { operations } from '../operation';
import { registerCreateApiKey } from './create';
import { registerListApiKeys } from './list';
import { registerRevokeApiKey } from './revoke';

/** The API keys' operations (issue 27), as one registration for the route table. */
export const registerApiKeyRoutes = operations(
  registerListApiKeys,
  registerCreateApiKey,
  registerRevokeApiKey,
);
