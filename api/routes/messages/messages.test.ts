import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/contracts/activity';
import type { ConversationList, Message, MessagePage } from '../../../shared/contracts/messages';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';
import { createClient, createPortal } from '../portals/testing';

let t: TestContext;
let owner: string;
let portalId: string;
let projectId: string;
let clientToken: string;

const post = (body: string, id: string = crypto.randomUUID()) =>
  send(t, 'POST', `/api/projects/${projectId}/messages`, owner, { clientMessageId: id, body });
const clientPost = (body: string, id: string = crypto.randomUUID()) =>
  portalRequest(t, 'POST', `/api/portal/${portalId}/projects/${projectId}/messages`, clientToken, {
    clientMessageId: id,
    body,
  });

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  owner = await signedInProvider(t, 'messages-owner@example.com');
  portalId = (await createPortal(t, owner, { portalName: 'Messages portal' })).id;
  const client = await createClient(t, owner, portalId, { name: 'Grace Client' });
  const project = await send(t, 'POST', '/api/projects', owner, {
    clientId: client.id,
    name: 'Chat project',
  });
  projectId = ((await project.json()) as { id: string }).id;
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

describe('messages', () => {
  it('stores a message once per client-generated id: a retry returns the stored one', async () => {
    const id = crypto.randomUUID();
    const first = await post('  Draft is ready\nSee the link https://example.com  ', id);
    expect(first.status).toBe(201);
    const message = (await first.json()) as Message;
    expect(message).toMatchObject({ body: 'Draft is ready\nSee the link https://example.com', mine: true });
    expect(message.sender.type).toBe('provider');
    const again = await post('Draft is ready', id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Message).id).toBe(message.id);
    const [count] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM messages WHERE project_id = ${projectId}`;
    expect(count?.n).toBe(1);
  });

  it('keeps HTML as text: what is stored and returned is exactly what was written', async () => {
    const res = await clientPost('<img src=x onerror=alert(1)> & <b>bold</b>');
    expect(res.status).toBe(201);
    expect(((await res.json()) as Message).body).toBe('<img src=x onerror=alert(1)> & <b>bold</b>');
  });

  it('refuses empty and overlong messages with translated errors', async () => {
    const empty = await post('   ');
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { error: { fields: { key: string }[] } }).error.fields[0]?.key).toBe(
      'validation.messageRequired',
    );
    expect((await post('x'.repeat(5001))).status).toBe(422);
  });

  it('pages a conversation oldest first within a page, older pages by cursor', async () => {
    for (let i = 0; i < 5; i++) await post(`Numbered ${i}`);
    const newest = (await (
      await send(t, 'GET', `/api/projects/${projectId}/messages?limit=3`, owner)
    ).json()) as MessagePage;
    expect(newest.items.map((m) => m.body)).toEqual(['Numbered 2', 'Numbered 3', 'Numbered 4']);
    expect(newest.nextCursor).toEqual(expect.any(String));
    const older = (await (
      await send(t, 'GET', `/api/projects/${projectId}/messages?limit=3&cursor=${newest.nextCursor}`, owner)
    ).json()) as MessagePage;
    expect(older.items.map((m) => m.body).at(-1)).toBe('Numbered 1');
    expect(older.items.every((m) => m.seq < (newest.items[0]?.seq ?? 0))).toBe(true);
  });

  it('counts unread messages per side and clears them when read', async () => {
    await clientPost('Question from the client');
    const conversations = async () =>
      ((await (await send(t, 'GET', '/api/conversations', owner)).json()) as ConversationList).items;
    const [conversation] = await conversations();
    expect(conversation?.unread).toBeGreaterThan(0);
    expect(conversation?.lastMessage?.body).toBe('Question from the client');
    const read = await send(t, 'POST', `/api/projects/${projectId}/messages/read`, owner, {
      upToSeq: conversation?.lastMessage?.seq,
    });
    expect(read.status).toBe(200);
    expect((await conversations())[0]?.unread).toBe(0);
    // The message notifications it covered are read too.
    const sheet = (await (await send(t, 'GET', '/api/notifications', owner)).json()) as NotificationList;
    expect(sheet.items.filter((i) => i.type === 'message' && !i.read)).toEqual([]);
  });

  it('notifies the other side, never the sender, with spec §3 sender_type', async () => {
    await clientPost('Ping from the client');
    const provider = (await (await send(t, 'GET', '/api/notifications', owner)).json()) as NotificationList;
    const item = provider.items[0];
    expect(item).toMatchObject({ type: 'message', read: false, senderType: 'client' });
    expect(item?.title).toBe('New message from Grace Client');
    expect(item?.description).toBe('Ping from the client');
    const client = (await (
      await portalRequest(t, 'GET', `/api/portal/${portalId}/notifications`, clientToken)
    ).json()) as NotificationList;
    expect(client.items.find((i) => i.id === item?.id)?.read).toBe(true);
  });

  it('marks all read for the caller’s side only (spec §7 mark_notifications_read)', async () => {
    await post('Provider news');
    const before = (await (
      await portalRequest(t, 'GET', `/api/portal/${portalId}/notifications/unread-count`, clientToken)
    ).json()) as { count: number };
    expect(before.count).toBeGreaterThan(0);
    const marked = await portalRequest(
      t,
      'POST',
      `/api/portal/${portalId}/notifications/read`,
      clientToken,
      {},
    );
    expect(((await marked.json()) as { count: number }).count).toBe(before.count);
    const after = await portalRequest(
      t,
      'GET',
      `/api/portal/${portalId}/notifications/unread-count`,
      clientToken,
    );
    expect(((await after.json()) as { count: number }).count).toBe(0);
    const provider = await send(t, 'GET', '/api/notifications/unread-count', owner);
    expect(((await provider.json()) as { count: number }).count).toBeGreaterThan(0);
  });

  it('says the newest feed position each side can see with the unread count (a page’s start for toasts)', async () => {
    await post('Where the feed ends');
    const providerList = (await (
      await send(t, 'GET', '/api/notifications', owner)
    ).json()) as NotificationList;
    const provider = (await (await send(t, 'GET', '/api/notifications/unread-count', owner)).json()) as {
      latestSeq: number;
    };
    expect(provider.latestSeq).toBe(Math.max(...providerList.items.map((i) => i.seq)));
    const clientList = (await (
      await portalRequest(t, 'GET', `/api/portal/${portalId}/notifications`, clientToken)
    ).json()) as NotificationList;
    const client = (await (
      await portalRequest(t, 'GET', `/api/portal/${portalId}/notifications/unread-count`, clientToken)
    ).json()) as { latestSeq: number };
    expect(client.latestSeq).toBe(Math.max(...clientList.items.map((i) => i.seq)));
  });

  it('renders titles in the request language', async () => {
    const res = await t.app.request('/api/notifications', {
      headers: { Cookie: owner, 'Accept-Language': 'de-DE' },
    });
    const sheet = (await res.json()) as NotificationList;
    expect(sheet.items.find((i) => i.type === 'project_created')?.title).toBe(
      'Projekt angelegt: Chat project',
    );
  });
});
