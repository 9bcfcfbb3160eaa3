import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime } from '../../realtime/server';
import { activityDuring, connect } from '../../realtime/testing';
import { createDraft, type InvoicesWorld, invoicesWorld, line } from '../../services/invoices/testing';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';

/**
 * Invoice activity goes live to both sides through the activity fan-out, also for an invoice without a
 * project: the provider sees the draft's creation, the client only what happens once it is sent.
 */

let t: TestContext;
let w: InvoicesWorld;
beforeAll(async () => {
  t = await createTestContext();
  w = await invoicesWorld(t, 'inv-live');
});
afterAll(() => t.close());

describe('invoice activity, live', () => {
  it('reaches the provider and the client (in their languages); a draft only the provider', async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    const realtime = await attachRealtime(server, t.deps);
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const provider = await connect(base, { origin: TEST_ORIGIN, audience: 'provider', cookie: w.owner });
    const client = await connect(base, {
      origin: TEST_ORIGIN,
      audience: 'portal',
      token: w.token,
      portalId: w.portalId,
      lang: 'de',
    });
    try {
      const draft = await createDraft(t, w.owner, {
        clientId: w.clientId,
        currency: 'EUR',
        lines: [line('Beratung', 1000, 10_000, 1_900)],
      });
      const created = await provider.next((m) => m.type === 'activity' && m.item.type === 'invoice_created');
      expect(created.type === 'activity' && created.item).toMatchObject({
        title: 'Invoice draft for inv-live client',
        project: null,
        client: { id: w.clientId },
        invoice: { id: draft.id, number: null, status: 'draft' },
      });
      expect(await activityDuring(client, 300)).toEqual([]);

      expect((await send(t, 'POST', `/api/invoices/${draft.id}/send`, w.owner)).status).toBe(200);
      const sentToClient = await client.next(
        (m) => m.type === 'activity' && m.item.type === 'invoice_status',
      );
      expect(sentToClient.type === 'activity' && sentToClient.item).toMatchObject({
        title: 'Rechnung INV-0001 gesendet',
        description: expect.stringMatching(/^119,00\s€$/),
        read: false,
        project: null,
        invoice: { id: draft.id, number: 'INV-0001', status: 'sent' },
      });
      const sentToProvider = await provider.next(
        (m) => m.type === 'activity' && m.item.type === 'invoice_status',
      );
      expect(sentToProvider.type === 'activity' && sentToProvider.item).toMatchObject({
        title: 'Invoice INV-0001 sent',
        read: true, // the provider's own action
      });

      const paid = await send(t, 'POST', `/api/invoices/${draft.id}/status`, w.owner, { status: 'paid' });
      expect(paid.status).toBe(200);
      const paidEvent = await client.next(
        (m) => m.type === 'activity' && m.item.type === 'invoice_status' && m.item.invoice?.status === 'paid',
      );
      expect(paidEvent.type === 'activity' && paidEvent.item.title).toBe('Rechnung INV-0001 bezahlt');
    } finally {
      await provider.close();
      await client.close();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
