import {
  type ApiExampleContext,
  curlCreateClient,
  curlListClients,
  curlRateLimitHeaders,
  tsCreateClient,
  tsListClients,
  VALIDATION_ERROR_EXAMPLE,
} from './api-examples';
import {
  DELIVERY_EXAMPLE,
  NODE_LIBRARY_EXAMPLE,
  NODE_ROUTE_EXAMPLE,
  NODE_VERIFY_EXAMPLE,
  PHP_VERIFY_EXAMPLE,
  PYTHON_VERIFY_EXAMPLE,
} from './webhook-examples';

/**
 * The code blocks a chapter's texts name (`{ "code": "<key>" }`, `{ "tabs": [<keys>] }`): the tab's label,
 * the block's caption and its code for this platform and portal.
 */
export const CODE_EXAMPLES = {
  curlListClients: { label: 'curl', caption: 'list-clients.sh', code: curlListClients },
  tsListClients: { label: 'TypeScript', caption: 'list-clients.ts', code: tsListClients },
  curlCreateClient: { label: 'curl', caption: 'create-client.sh', code: curlCreateClient },
  tsCreateClient: { label: 'TypeScript', caption: 'create-client.ts', code: tsCreateClient },
  curlRateLimitHeaders: { label: 'curl', caption: 'rate-limit.sh', code: curlRateLimitHeaders },
  validationError: { label: 'HTTP', caption: 'HTTP · 422', code: () => VALIDATION_ERROR_EXAMPLE },
  delivery: { label: 'HTTP', caption: 'HTTP · client.created', code: () => DELIVERY_EXAMPLE },
  nodeVerify: { label: 'Node.js', caption: 'verify-webhook.mjs', code: () => NODE_VERIFY_EXAMPLE },
  phpVerify: { label: 'PHP', caption: 'verify-webhook.php', code: () => PHP_VERIFY_EXAMPLE },
  pythonVerify: { label: 'Python', caption: 'verify_webhook.py', code: () => PYTHON_VERIFY_EXAMPLE },
  nodeRoute: { label: 'Express', caption: 'server.mjs · Express', code: () => NODE_ROUTE_EXAMPLE },
  nodeLibrary: { label: 'standardwebhooks', caption: 'standardwebhooks', code: () => NODE_LIBRARY_EXAMPLE },
} satisfies Record<string, { label: string; caption: string; code: (context: ApiExampleContext) => string }>;

export type CodeExampleKey = keyof typeof CODE_EXAMPLES;

export function isCodeExample(key: string): key is CodeExampleKey {
  return Object.hasOwn(CODE_EXAMPLES, key);
}
