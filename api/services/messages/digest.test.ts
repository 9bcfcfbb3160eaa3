import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { signedInProvider } from '../../auth/testing';
import { send } from '../../routes/account/testing';
import { portalRequest } from '../../routes/portal-client/testing';
import { createClient, createPortal } from '../../routes/portals/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { DIGEST_DELAY_MS, sendMessageDigest } from './digest';

let t: TestContext;
let owner: string;
let portalId: string;
let clientToken: string;
let clientEmail: string;

async function newProject(name: string) {
  const client = (await t.sql<{ id: string }[]>`SELECT id FROM clients WHERE email = ${clientEmail}`)[0];
  const res = await send(t, 'POST', '/api/projects', owner, { clientId: client?.id, name });
  return ((await res.json()) as { id: string }).id;
}
const fromProvider = (projectId: string, body: string) =>
  send(t, 'POST', `/api/projects/${projectId}/messages`, owner, {
    clientMessageId: crypto.randomUUID(),
    body,
  });
const digests = (to: string) =>
  t.sql<{ subject: string; text_body: string }[]>`
    SELECT subject, text_body FROM outbox_emails WHERE to_address = ${to} AND kind = 'message_digest'
    ORDER BY created_at`;

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  owner = await signedInProvider(t, 'digest-owner@example.com');
  portalId = (await createPortal(t, owner, { portalName: 'Digest portal' })).id;
  clientEmail = 'jorg-digest@example.com';
  const client = await createClient(t, owner, portalId, { name: 'Jörg', email: clientEmail, language: 'de' });
  const [row] = await t.sql<
    { provider_id: string }[]
  >`SELECT provider_id FROM clients WHERE id = ${client.id}`;
  clientToken = (
    await createPortalSession(
      t.sql,
      { id: client.id, portalId, providerId: row?.provider_id ?? '' },
      'password',
      t.deps.now(),
    )
  ).token;
});
afterAll(() => t.close());

describe('e-mail for unread messages', () => {
  it('opens one window per conversation and recipient: later messages join it without postponing it', async () => {
    const projectId = await newProject('Window');
    await fromProvider(projectId, 'First');
    await fromProvider(projectId, 'Second');
    const jobs = await t.sql<{ run_at: Date }[]>`
      SELECT run_at FROM ${t.sql(t.db.queueSchema)}._private_jobs WHERE key = ${`message-digest:${projectId}:client`}`;
    expect(jobs).toHaveLength(1);
    const delay = new Date(jobs[0]?.run_at ?? 0).getTime() - Date.now();
    expect(delay).toBeGreaterThan(DIGEST_DELAY_MS - 60_000);
    expect(delay).toBeLessThanOrEqual(DIGEST_DELAY_MS);
  });

  it('groups the window’s unread messages in one e-mail in the recipient’s language, once', async () => {
    const projectId = await newProject('Grouped');
    await fromProvider(projectId, 'Draft one is ready');
    await fromProvider(projectId, 'Draft two <b>too</b>');
    expect(await sendMessageDigest(t.deps, projectId, 'client')).toBe(2);
    const [mail, ...rest] = (await digests(clientEmail)).slice(-1);
    expect(rest).toEqual([]);
    expect(mail?.subject).toMatch(/^2 neue Nachrichten von .+ in Grouped$/);
    expect(mail?.text_body).toContain('“Draft one is ready”');
    expect(mail?.text_body).toContain('“Draft two <b>too</b>”');
    expect(mail?.text_body).toContain(`/portal/${portalId}/messages?project=${projectId}`);
    // The same window again (a retried job) sends nothing more.
    expect(await sendMessageDigest(t.deps, projectId, 'client')).toBe(0);
  });

  it('sends nothing for messages read in the portal meanwhile', async () => {
    const projectId = await newProject('Read in time');
    const res = await fromProvider(projectId, 'Read me');
    const { seq } = (await res.json()) as { seq: number };
    const before = (await digests(clientEmail)).length;
    const read = await portalRequest(
      t,
      'POST',
      `/api/portal/${portalId}/projects/${projectId}/messages/read`,
      clientToken,
      {
        upToSeq: seq,
      },
    );
    expect(read.status).toBe(200);
    expect(await sendMessageDigest(t.deps, projectId, 'client')).toBe(0);
    expect(await digests(clientEmail)).toHaveLength(before);
  });

  it('e-mails the provider about the client’s messages, in the provider’s language', async () => {
    const projectId = await newProject('To the provider');
    await portalRequest(t, 'POST', `/api/portal/${portalId}/projects/${projectId}/messages`, clientToken, {
      clientMessageId: crypto.randomUUID(),
      body: 'Frage zum Entwurf',
    });
    expect(await sendMessageDigest(t.deps, projectId, 'provider')).toBe(1);
    const [mail] = (await digests('digest-owner@example.com')).slice(-1);
    expect(mail?.subject).toBe('New message from Jörg in To the provider');
    expect(mail?.text_body).toContain(`/dashboard/projects/${projectId}?tab=messages`);
  });
});
