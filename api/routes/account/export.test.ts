import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_ROWS } from '../../services/account/export';
import {
  allowedSamples,
  type FilesWorld,
  fileForm,
  filesWorld,
  uploadRequest,
} from '../../services/files/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';
import { send } from './testing';

type Export = {
  format: string;
  version: number;
  exportedAt: string;
  account: { id: string; email: string; plan: string };
  profile: { fullName: string } | null;
  portals: { id: string; name: string }[];
  clients: { id: string; email: string; hasPassword: boolean }[];
  projects: { id: string; name: string }[];
  messages: { id: string; body: string; projectId: string }[];
  files: {
    id: string;
    name: string;
    versions: { number: number; originalName: string; sizeBytes: number }[];
    events: { kind: string }[];
  }[];
  invoices: {
    id: string;
    number: string | null;
    amountCents: number;
    lines: { description: string; amountCents: number }[];
    creditNote: { number: string } | null;
  }[];
  activity: { id: string; type: string }[];
};

/**
 * GET /api/account/export: the provider's whole account as one JSON attachment, only their own rows and
 * no secrets, read in keyset pages (more rows than a page must all arrive, once).
 */
describe('account export', () => {
  let t: TestContext;
  let w: FilesWorld;
  let other: FilesWorld;
  let invoiceId: string;
  beforeAll(async () => {
    t = await createTestContext({
      TRUST_PROXY: 'true',
      DATA_DIR: tempDataDir(),
      STRIPE_SECRET_KEY: 'sk_test_export',
    });
    w = await filesWorld(t, 'exporter');
    other = await filesWorld(t, 'stranger');
    for (const world of [w, other]) {
      const [sample] = await allowedSamples();
      if (!sample) throw new Error('no sample file');
      const up = await uploadRequest(
        t,
        `/api/projects/${world.projectId}/files`,
        { cookie: world.owner },
        fileForm(sample.bytes, `brief-${world === w ? 'mine' : 'theirs'}.${sample.name.split('.').pop()}`),
      );
      expect(up.status).toBe(201);
      const msg = await send(t, 'POST', `/api/projects/${world.projectId}/messages`, world.owner, {
        clientMessageId: randomUUID(),
        body: world === w ? 'my own words' : 'a stranger’s secret words',
      });
      expect(msg.status).toBe(201);
    }
    await t.sql`UPDATE clients SET password_hash = 'argon2id-hash-that-must-not-leak' WHERE id = ${w.clientId}`;
    // More messages than one page, so the keyset paging is exercised.
    await t.sql`
      INSERT INTO messages (provider_id, project_id, sender_type, sender_name, client_message_id, body)
      SELECT ${w.providerId}, ${w.projectId}, 'provider', 'Me', gen_random_uuid(), 'bulk ' || g
      FROM generate_series(1, ${EXPORT_PAGE_ROWS + 20}) g`;
    const [invoice] = await t.sql<{ id: string }[]>`
      INSERT INTO invoices (provider_id, client_id, project_id, number, status, currency, amount_cents,
                            subtotal_cents, tax_cents, issued_at, cancelled_at)
      VALUES (${w.providerId}, ${w.clientId}, ${w.projectId}, 'INV-0001', 'cancelled', 'EUR', 11900, 10000, 1900,
              now(), now())
      RETURNING id`;
    invoiceId = invoice?.id ?? '';
    await t.sql`
      INSERT INTO invoice_lines (provider_id, invoice_id, position, description, quantity_milli, unit_price_cents,
                                 tax_rate_bp, amount_cents)
      VALUES (${w.providerId}, ${invoiceId}, 1, 'Design work', 2000, 5000, 1900, 10000)`;
    await t.sql`
      INSERT INTO credit_notes (provider_id, invoice_id, number, reason, amount_cents)
      VALUES (${w.providerId}, ${invoiceId}, 'CN-0001', 'Wrong address', 11900)`;
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    expect((await t.app.request('/api/account/export')).status).toBe(401);
  });

  it('downloads the provider’s own data as a dated JSON attachment, without secrets', async () => {
    const res = await send(t, 'GET', '/api/account/export', w.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const day = t.deps.now().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="client-portal-export-${day}.json"`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = JSON.parse(text) as Export;

    expect(data.format).toBe('client-portal-export');
    expect(data.account.id).toBe(w.providerId);
    expect(data.profile?.fullName).toBeTruthy();
    expect(data.portals.map((p) => p.id)).toEqual([w.portalId]);
    expect(data.clients.map((c) => c.id)).toEqual([w.clientId]);
    expect(data.clients[0]?.hasPassword).toBe(true);
    expect(data.projects.map((p) => p.id)).toEqual([w.projectId]);

    // Every message once, across pages.
    const bodies = data.messages.map((m) => m.body);
    expect(bodies).toContain('my own words');
    expect(bodies.filter((b) => b.startsWith('bulk '))).toHaveLength(EXPORT_PAGE_ROWS + 20);
    expect(new Set(data.messages.map((m) => m.id)).size).toBe(data.messages.length);

    expect(data.files).toHaveLength(1);
    expect(data.files[0]?.name).toMatch(/^brief-mine/);
    expect(data.files[0]?.versions[0]).toMatchObject({ number: 1 });
    expect(data.files[0]?.versions[0]?.sizeBytes).toBeGreaterThan(0);
    expect(data.files[0]?.events.map((e) => e.kind)).toEqual(['uploaded']);

    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ id: invoiceId, number: 'INV-0001', amountCents: 11900 });
    expect(data.invoices[0]?.lines).toEqual([
      expect.objectContaining({ description: 'Design work', amountCents: 10000, position: 1 }),
    ]);
    expect(data.invoices[0]?.creditNote).toMatchObject({ number: 'CN-0001' });
    expect(data.activity.length).toBeGreaterThan(0);

    // Nothing of the other provider, no secrets.
    for (const foreign of [other.providerId, other.portalId, other.clientId, other.projectId, 'stranger']) {
      expect(text).not.toContain(foreign);
    }
    for (const secret of ['argon2id-hash-that-must-not-leak', 'password_hash', 'storage_key', 'storageKey']) {
      expect(text).not.toContain(secret);
    }
    const [session] = await t.sql<
      { id: string }[]
    >`SELECT id FROM user_sessions WHERE user_id = ${w.providerId}`;
    expect(text).not.toContain(session?.id);
  });

  it('is a read: still available after the trial ended', async () => {
    await t.sql`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = ${w.providerId}`;
    const res = await send(t, 'GET', '/api/account/export', w.owner);
    expect(res.status).toBe(200);
    expect((JSON.parse(await res.text()) as Export).account.plan).toBe('expired');
  });
});
