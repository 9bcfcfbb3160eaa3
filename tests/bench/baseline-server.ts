import { createServer } from 'node:http';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import postgres from 'postgres';

/**
 * The baseline for the session budget: a minimal node:http + postgres.js server running the same SQL as
 * `validateSessionToken` (api/auth/session.ts) for the same cookie, with nothing else around it.
 */
const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} });
const port = Number(process.env.PORT);

createServer(async (req, res) => {
  const cookie = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const dot = cookie.indexOf('.');
  const id = cookie.slice(0, dot);
  const secret = cookie.slice(dot + 1);
  const [row] = await sql`
    SELECT s.id, s.secret_hash, s.created_at, s.expires_at, u.id AS user_id, u.email, u.email_verified_at,
           u.trial_ends_at, u.plan, u.created_at AS user_created_at, p.full_name, p.preferred_language
    FROM user_sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN profiles p ON p.user_id = u.id
    WHERE s.id = ${id}`;
  const valid =
    row && constantTimeEqual(new Uint8Array(row.secret_hash), sha256(new TextEncoder().encode(secret)));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      valid
        ? {
            user: {
              id: row.user_id,
              email: row.email,
              fullName: row.full_name,
              preferredLanguage: row.preferred_language,
            },
            session: { id: row.id, expiresAt: new Date(row.expires_at).toISOString() },
          }
        : { user: null, session: null },
    ),
  );
}).listen(port, '127.0.0.1');
