/**
 * Copy-paste examples of the identity handoff, for the documentation page and the portal settings
 * (and `HANDOFF.md`, which quotes them verbatim; `tests/integration/widget-handoff-examples.test.ts` keeps both in step and runs the
 * Node example against the real exchange). Code, not prose: not translated.
 */

/** Node.js 18+, no dependencies: signs a handoff token for one of the provider's clients. */
export const NODE_SIGN_EXAMPLE = `// client-portal-token.mjs — Node.js 18+, no dependencies.
import { createHmac, randomUUID } from 'node:crypto';

const PORTAL_ID = process.env.CLIENT_PORTAL_ID; // the portal's id (portal settings)
const SECRET = process.env.CLIENT_PORTAL_WIDGET_SECRET; // shown once when you create it

/** A single-use sign-in token for the client with this e-mail, valid for 5 minutes. */
export function clientPortalToken(email) {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ sub: email, aud: PORTAL_ID, iat: now, exp: now + 300, jti: randomUUID() });
  const signature = createHmac('sha256', SECRET).update(\`\${header}.\${payload}\`).digest('base64url');
  return \`\${header}.\${payload}.\${signature}\`;
}
`;

/** An Express route the widget's `fetchToken` calls (the provider's own session decides who it is). */
export const NODE_ROUTE_EXAMPLE = `// Express: only for a visitor signed in to YOUR site, and only for their own e-mail.
import { clientPortalToken } from './client-portal-token.mjs';

app.post('/client-portal/token', requireSignedIn, (req, res) => {
  res.set('Cache-Control', 'no-store');
  res.json({ token: clientPortalToken(req.user.email) });
});
`;

/** PHP 7.4+, no dependencies: the same token and endpoint. */
export const PHP_EXAMPLE = `<?php
// client-portal-token.php — PHP 7.4+, no dependencies.

/** A single-use sign-in token for the client with this e-mail, valid for 5 minutes. */
function client_portal_token(string $email): string
{
    $portalId = getenv('CLIENT_PORTAL_ID'); // the portal's id (portal settings)
    $secret = getenv('CLIENT_PORTAL_WIDGET_SECRET'); // shown once when you create it
    $encode = fn (string $data): string => rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
    $now = time();
    $header = $encode(json_encode(['alg' => 'HS256', 'typ' => 'JWT']));
    $payload = $encode(json_encode([
        'sub' => $email,
        'aud' => $portalId,
        'iat' => $now,
        'exp' => $now + 300,
        'jti' => bin2hex(random_bytes(16)),
    ]));
    $signature = $encode(hash_hmac('sha256', "$header.$payload", $secret, true));
    return "$header.$payload.$signature";
}

// The endpoint the widget's fetchToken calls: only for a visitor signed in to YOUR site.
session_start();
if (empty($_SESSION['user_email'])) {
    http_response_code(401);
    exit;
}
header('Content-Type: application/json');
header('Cache-Control: no-store');
echo json_encode(['token' => client_portal_token($_SESSION['user_email'])]);
`;

/** The page side: the widget asks your endpoint for a token whenever the portal frame needs one. */
export const BROWSER_EXAMPLE = `<script>
  ClientPortal('identify', {
    fetchToken: async () => {
      const res = await fetch('/client-portal/token', { method: 'POST', credentials: 'same-origin' });
      if (!res.ok) throw new Error('Not signed in');
      return (await res.json()).token;
    },
  });
</script>
`;
