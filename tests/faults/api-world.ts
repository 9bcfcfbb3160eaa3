import sharp from 'sharp';
import type { ResendStandIn } from '../../api/testing/resend-stand-in';

/**
 * A provider and a portal client made through a running service's HTTP API only (sign-up, the
 * verification link read from the Resend stand-in, a portal, a client with a password signed in, a
 * project): what the fault tests act as while they break the service's surroundings.
 */
export interface ApiWorld {
  origin: string;
  provider: { email: string; cookie: string };
  portalId: string;
  client: { id: string; email: string; token: string };
  projectId: string;
}

/** A request as the dashboard (cookie) or the portal (bearer) sends it, with a bound on the answer. */
export function apiRequest(
  base: string,
  method: string,
  path: string,
  opts: {
    origin: string;
    cookie?: string;
    bearer?: string;
    json?: unknown;
    form?: FormData;
    timeoutMs?: number;
  },
): Promise<Response> {
  const headers: Record<string, string> = { Origin: opts.origin };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.bearer) headers.Authorization = `Bearer ${opts.bearer}`;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method,
    headers,
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
    ...(opts.form ? { body: opts.form } : {}),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
}

async function expectStatus<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** The text of the newest mail to `to` that the stand-in received, within `timeoutMs`. */
export async function mailTo(standIn: ResendStandIn, to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = standIn.received.findLast((m) => [m.body.to].flat().includes(to));
    if (mail) return mail.body.text ?? mail.body.html ?? '';
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes the world on the service at `base` (PUBLIC_URL `origin`; mail through `standIn`). */
export async function makeApiWorld(base: string, origin: string, standIn: ResendStandIn): Promise<ApiWorld> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `provider-${tag}@example.com`;
  const password = 'fault test provider password';
  const as = { origin };
  await expectStatus(
    await apiRequest(base, 'POST', '/api/auth/sign-up', {
      ...as,
      json: { email, password, confirmPassword: password, language: 'en' },
    }),
    'sign up',
  );
  const token = (await mailTo(standIn, email)).match(/\/auth\/verify\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error('no verification link in the mail');
  const verified = await apiRequest(base, 'POST', '/api/auth/verify-email', {
    ...as,
    json: { token: decodeURIComponent(token), currentPassword: password },
  });
  await expectStatus(verified, 'verify the e-mail');
  const cookie =
    verified.headers
      .getSetCookie()
      .find((c) => /^(__Host-)?session=/.test(c))
      ?.split(';')[0] ?? '';
  if (!cookie) throw new Error('no session cookie after verification');
  const provider = { ...as, cookie };
  const portal = await expectStatus<{ id: string }>(
    await apiRequest(base, 'POST', '/api/portals', { ...provider, json: { portalName: `Portal ${tag}` } }),
    'create a portal',
  );
  const clientEmail = `client-${tag}@example.com`;
  const client = await expectStatus<{ id: string }>(
    await apiRequest(base, 'POST', '/api/clients', {
      ...provider,
      json: { name: `Client ${tag}`, email: clientEmail, portalId: portal.id },
    }),
    'create a client',
  );
  const clientPassword = 'fault test client password';
  await expectStatus(
    await apiRequest(base, 'POST', `/api/clients/${client.id}/password`, {
      ...provider,
      json: { password: clientPassword },
    }),
    'set the client password',
  );
  const session = await expectStatus<{ token: string }>(
    await apiRequest(base, 'POST', '/api/portal/sign-in', {
      ...as,
      json: { email: clientEmail, password: clientPassword, portalId: portal.id },
    }),
    'the client signs in',
  );
  const project = await expectStatus<{ id: string }>(
    await apiRequest(base, 'POST', '/api/projects', {
      ...provider,
      json: { name: `Project ${tag}`, clientId: client.id },
    }),
    'create a project',
  );
  return {
    origin,
    provider: { email, cookie },
    portalId: portal.id,
    client: { id: client.id, email: clientEmail, token: session.token },
    projectId: project.id,
  };
}

/** A small real PNG as an upload's `file` part (each call a different image, so no two files are alike). */
export async function pngForm(n: number): Promise<FormData> {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: 99 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(png)], `upload-${n}.png`, { type: 'image/png' }));
  return form;
}
