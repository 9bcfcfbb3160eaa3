import { PORTAL_ID_PLACEHOLDER } from './examples';

/**
 * The API examples of the documentation (curl and TypeScript with `fetch`), for the platform at `origin` and
 * the chosen portal. `tests/integration/docs-examples.test.ts` runs each of them against the real server
 * with a real API key, so what the page shows is what works. Code, not prose: not translated.
 */

export type ApiExampleContext = { origin: string; portalId: string | null };

/** The environment variable every example reads the key from (a key never goes into code or a URL). */
export const API_KEY_VARIABLE = 'CLIENT_PORTAL_API_KEY';

/** curl: the first page of clients. */
export function curlListClients({ origin }: ApiExampleContext): string {
  return `curl "${origin}/api/clients?limit=20" \\
  -H "Authorization: Bearer $${API_KEY_VARIABLE}"
`;
}

/** curl: a client created once, whatever happens to the connection (same key → same answer). */
export function curlCreateClient({ origin, portalId }: ApiExampleContext): string {
  return `# One key per client you create; send the same key again only to retry this request.
IDEMPOTENCY_KEY=$(openssl rand -hex 16)

curl "${origin}/api/clients" \\
  -H "Authorization: Bearer $${API_KEY_VARIABLE}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \\
  -d '{"name": "Grace Hopper", "email": "grace@example.com", "portalId": "${portalId ?? PORTAL_ID_PLACEHOLDER}"}'
`;
}

/** curl: the rate-limit headers of an answer (and nothing else). */
export function curlRateLimitHeaders({ origin }: ApiExampleContext): string {
  return `curl -s -o /dev/null -D - "${origin}/api/projects?limit=1" \\
  -H "Authorization: Bearer $${API_KEY_VARIABLE}" | grep -i '^ratelimit'
`;
}

/** TypeScript: every client, page after page, with the cursor. */
export function tsListClients({ origin }: ApiExampleContext): string {
  return `// list-clients.ts — Node.js 22+, Deno, Bun or a browser-free worker: only fetch.
const API = '${origin}/api';
const KEY = process.env.${API_KEY_VARIABLE};

/** Every client of your account, 100 a page. */
async function listAllClients() {
  const clients: { id: string; name: string; email: string }[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(\`\${API}/clients\`);
    url.searchParams.set('limit', '100');
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await fetch(url, { headers: { Authorization: \`Bearer \${KEY}\` } });
    const page = await res.json();
    if (!res.ok) throw new Error(\`\${page.error.code}: \${page.error.message}\`);
    clients.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return clients;
}

const clients = await listAllClients();
console.log(\`\${clients.length} clients\`);
`;
}

/** TypeScript: create with an Idempotency-Key, wait out a 429, and read the error shape. */
export function tsCreateClient({ origin, portalId }: ApiExampleContext): string {
  return `// create-client.ts — retries never create a second client.
import { randomUUID } from 'node:crypto';

const API = '${origin}/api';
const KEY = process.env.${API_KEY_VARIABLE};

async function createClient(body: { name: string; email: string; portalId: string }) {
  const idempotencyKey = randomUUID(); // one per client, the same for each retry
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(\`\${API}/clients\`, {
      method: 'POST',
      headers: {
        Authorization: \`Bearer \${KEY}\`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
    });
    if (res.status === 429 && attempt < 5) {
      const seconds = Number(res.headers.get('Retry-After') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    const json = await res.json();
    if (!res.ok) {
      const { code, message, requestId } = json.error;
      throw new Error(\`\${res.status} \${code}: \${message} (request \${requestId})\`);
    }
    return json as { id: string; name: string; email: string };
  }
}

const client = await createClient({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  portalId: '${portalId ?? PORTAL_ID_PLACEHOLDER}',
});
console.log(\`created \${client.id}\`);
`;
}

/** The error body of an invalid request (422 with the fields), as the API sends it. */
export const VALIDATION_ERROR_EXAMPLE = `HTTP/1.1 422 Unprocessable Content
Content-Type: application/json

{
  "error": {
    "code": "validation_failed",
    "message": "Please check the highlighted fields.",
    "requestId": "0b7d5c2e-5d1f-4c55-9a4e-6f1b2f0c9d31",
    "fields": [
      { "path": "email", "key": "validation.emailInvalid", "message": "Please enter a valid email address" }
    ]
  }
}
`;
