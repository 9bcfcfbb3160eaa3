import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../shared/contracts/activity';
import type { BookingOverrideList, BookingTypeList } from '../../shared/contracts/booking-types';
import type { Invoice, InvoiceList } from '../../shared/contracts/invoices';
import type { PortalProjectList } from '../../shared/contracts/portal-client';
import type { QuoteList } from '../../shared/contracts/quotes';
import { createPortalSession } from '../auth/portal-client/portal-session';
import { processFileVersionTask } from '../jobs/tasks/process-file-version';
import { taskContext } from '../jobs/testing';
import { tempDataDir } from '../routes/portals/testing';
import { readVersionBytes } from '../services/files/previews';
import { attachment, attachments, ruleProblems, xsdProblems } from '../services/invoices/einvoice/testing';
import { QPDF } from '../services/invoices/pdf/pdf-tools';
import { createTestContext, type TestContext } from '../testing/harness';
import { DEMO_EMAIL, seedIfFirstRun } from './demo';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  const seeded = await seedIfFirstRun(t.deps);
  expect(seeded?.email).toBe(DEMO_EMAIL);
  const res = await t.app.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: seeded?.password }),
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
});
afterAll(() => t.close());

describe('the first start’s demo data', () => {
  it('has projects in several statuses, with conversations the provider has not all read', async () => {
    const projects = (await (
      await t.app.request('/api/projects', { headers: { Cookie: cookie } })
    ).json()) as {
      items: { status: string; unreadMessages: number }[];
    };
    expect(new Set(projects.items.map((p) => p.status)).size).toBeGreaterThanOrEqual(3);
    expect(projects.items.some((p) => p.unreadMessages > 0)).toBe(true);
    const sheet = (await (
      await t.app.request('/api/notifications', { headers: { Cookie: cookie } })
    ).json()) as NotificationList;
    expect(sheet.items.some((i) => i.type === 'message' && !i.read)).toBe(true);
    expect(sheet.unreadCount).toBeGreaterThan(0);
  });

  it('shows the demo client their own projects in the portal, and only theirs', async () => {
    const [ada] = await t.sql<{ id: string; portal_id: string; provider_id: string }[]>`
      SELECT id, portal_id, provider_id FROM clients WHERE email = 'ada.demo@example.com'`;
    if (!ada) throw new Error('no demo client');
    const { token } = await createPortalSession(
      t.sql,
      { id: ada.id, portalId: ada.portal_id, providerId: ada.provider_id },
      'password',
      t.deps.now(),
    );
    const res = await t.app.request(`/api/portal/${ada.portal_id}/projects`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const list = (await res.json()) as PortalProjectList;
    expect(list.items.map((p) => p.name).sort()).toEqual(['Brand guidelines', 'Website relaunch']);
  });

  it('has files in several review states, with a second version, feedback, pins and real bytes', async () => {
    const files = await t.sql<
      {
        id: string;
        provider_id: string;
        name: string;
        status: string;
        uploaded_by: string;
        latest_version: number;
      }[]
    >`
      SELECT id, provider_id, name, status, uploaded_by, latest_version FROM files ORDER BY name`;
    expect(new Set(files.map((f) => f.status))).toEqual(
      new Set(['pending_review', 'client_approved', 'client_rejected', 'revision_requested', 'approved']),
    );
    expect(files.some((f) => f.latest_version === 2)).toBe(true);
    expect(files.some((f) => f.uploaded_by === 'client' && f.status === 'approved')).toBe(true);
    const [revision] = await t.sql<{ feedback: string; pins: number }[]>`
      SELECT e.feedback, (SELECT count(*)::int FROM file_pins p WHERE p.event_id = e.id) AS pins
      FROM file_events e WHERE e.status_after = 'revision_requested' ORDER BY e.seq`;
    expect(revision?.feedback).toBeTruthy();
    // Every event of the history is in the feed, with the file it is about.
    const feed = await t.sql<{ metadata: { fileId?: string } }[]>`
      SELECT metadata FROM activity_feed WHERE activity_type IN ('file_upload', 'file_approval')`;
    const [{ events } = { events: 0 }] = await t.sql<{ events: number }[]>`
      SELECT count(*)::int AS events FROM file_events`;
    expect(feed.length).toBe(events);
    expect(feed.every((item) => files.some((f) => f.id === item.metadata.fileId))).toBe(true);
    expect(revision?.pins).toBeGreaterThan(0);
    const versions = await t.sql<
      {
        id: string;
        file_id: string;
        provider_id: string;
        storage_key: string;
        sha256: string;
        kind: string;
      }[]
    >`
      SELECT id, file_id, provider_id, storage_key, sha256, kind FROM file_versions`;
    expect(new Set(versions.map((v) => v.kind))).toEqual(new Set(['image', 'pdf']));
    // A preview job per version was queued with the rows; run them here (no worker in this test).
    const [{ queued } = { queued: 0 }] = await t.sql<{ queued: number }[]>`
      SELECT count(*)::int AS queued FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'process_file_version'`;
    expect(queued).toBe(versions.length);
    for (const v of versions) {
      const bytes = await readVersionBytes(t.deps.store, v.storage_key);
      expect(
        createHash('sha256')
          .update(bytes ?? '')
          .digest('hex'),
      ).toBe(v.sha256);
      await processFileVersionTask.run(
        { providerId: v.provider_id, fileId: v.file_id, versionId: v.id },
        taskContext(t),
      );
    }
    const previews = await t.sql<{ id: string; preview_status: string; page_count: number; name: string }[]>`
      SELECT v.id, v.preview_status, v.page_count, f.name FROM file_versions v JOIN files f ON f.id = v.file_id`;
    expect(previews.map((p) => p.preview_status)).toEqual(versions.map(() => 'ready'));
    expect(previews.find((p) => p.name === 'Design brief.pdf')?.page_count).toBe(3);
    expect(previews.find((p) => p.name === 'App wireframes.pdf')?.page_count).toBe(2);
  });
});

/** The demo's history of paid invoices (issue 29: 14 months for the analytics), apart from its own. */
const HISTORY = 19;
const notHistory = (i: { description: string | null }) =>
  i.description !== 'Wartungsvertrag Onlineshop' && i.description !== 'Design support';

describe('the demo’s invoices', () => {
  it('has an invoice in every status, a credit note, both currencies, and activity for them', async () => {
    const list = (await (
      await t.app.request('/api/invoices', { headers: { Cookie: cookie } })
    ).json()) as InvoiceList;
    const counts = Object.fromEntries(list.totals.map((s) => [s.status, s.count]));
    // Issue 29's history: 13 monthly retainers and 6 design invoices, all paid, before the demo's own.
    expect(counts).toEqual({ draft: 1, sent: 2, overdue: 1, paid: 1 + HISTORY, cancelled: 1 });
    // The gapless numbers follow the issue dates: the history's first, then the demo's own.
    const issued = list.items
      .filter((i) => i.number && i.issuedAt)
      .sort((a, b) => Date.parse(a.issuedAt ?? '') - Date.parse(b.issuedAt ?? ''));
    expect(issued.map((i) => i.number)).toEqual(
      Array.from({ length: HISTORY + 5 }, (_, n) => `INV-${String(n + 1).padStart(4, '0')}`),
    );
    list.items = list.items.filter(notHistory);
    const cancelled = list.items.find((i) => i.status === 'cancelled');
    expect(cancelled?.creditNoteNumber).toBe('CN-0001');
    expect(new Set(list.items.map((i) => i.currency))).toEqual(new Set(['EUR', 'USD']));
    expect(
      list.items
        .filter((i) => i.number)
        .map((i) => i.number)
        .sort(),
    ).toEqual(['INV-0020', 'INV-0021', 'INV-0022', 'INV-0023', 'INV-0024']);
    const corrected = list.items.find((i) => i.currency === 'EUR' && i.status === 'sent');
    const detail = (await (
      await t.app.request(`/api/invoices/${corrected?.id}`, { headers: { Cookie: cookie } })
    ).json()) as Invoice;
    expect(detail.language).toBe('de');
    expect(detail.taxes.map((g) => g.rateBp)).toEqual([700, 1900]);
    expect(detail.amountCents).toBe(detail.subtotalCents + detail.taxCents);
    const sheet = (await (
      await t.app.request('/api/notifications', { headers: { Cookie: cookie } })
    ).json()) as NotificationList;
    expect(sheet.items.some((i) => i.type === 'invoice_status' && i.invoice?.status === 'overdue')).toBe(
      true,
    );
  });
});

describe('the demo’s legal content and e-invoices', () => {
  const get = async (path: string) => {
    const res = await t.app.request(path, { headers: { Cookie: cookie } });
    expect(res.status, `${path}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
    return res;
  };

  it('the draft passes the pre-send check, and every sent invoice’s details were complete', async () => {
    const list = (await (await get('/api/invoices')).json()) as InvoiceList;
    // The history's invoices are made the same way; two of them (one per client) stand for the rest.
    const history = list.items.filter((i) => !notHistory(i));
    const checked = [...list.items.filter(notHistory), ...history.slice(0, 2)];
    for (const item of checked) {
      const invoice = (await (await get(`/api/invoices/${item.id}`)).json()) as Invoice;
      expect(invoice.legal.missing, item.number ?? 'draft').toEqual([]);
      expect(invoice.legal.seller).toMatchObject({ country: 'DE', vatId: 'DE123456789' });
      expect(invoice.legal.buyer.country).toMatch(/^[A-Z]{2}$/);
      expect(invoice.legal.supplyDate ?? invoice.legal.supplyTo).toBeTruthy();
      expect(invoice.lines.every((l) => l.unitCode && l.vatCategoryCode)).toBe(true);
    }
  });

  it('every sent invoice and the credit note download as XRechnung, valid; ZUGFeRD of two', async () => {
    const list = (await (await get('/api/invoices')).json()) as InvoiceList;
    const sent = list.items.filter((i) => i.status !== 'draft' && notHistory(i));
    expect(sent).toHaveLength(5);
    const paths = sent.map((i) => `/api/invoices/${i.id}`);
    const cancelled = sent.find((i) => i.creditNoteNumber);
    paths.push(`/api/invoices/${cancelled?.id}/credit-note`);
    for (const path of paths) {
      const xml = await (await get(`${path}/xrechnung`)).text();
      expect(await xsdProblems(xml), path).toEqual([]);
      expect(ruleProblems(xml), path).toEqual([]);
      expect(xml).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>');
      expect(xml).toContain('<ram:CompleteNumber>+49 30 1234567</ram:CompleteNumber>');
    }
    // The ZUGFeRD PDF of the German invoice in euros and of the credit note (the library and mapping are the
    // same for all; each PDF takes a while on a loaded machine).
    const german = sent.find((i) => i.currency === 'EUR' && i.status === 'sent');
    for (const path of [`/api/invoices/${german?.id}`, `/api/invoices/${cancelled?.id}/credit-note`]) {
      const pdf = Buffer.from(await (await get(`${path}/zugferd`)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      if (QPDF) {
        expect(attachments(pdf)).toEqual(['factur-x.xml']);
        expect(ruleProblems(attachment(pdf, 'factur-x.xml')), path).toEqual([]);
      }
    }
  }, 120_000);

  it('has an open quote and one the client accepted, with its record', async () => {
    const quotes = (await (await get('/api/quotes')).json()) as QuoteList;
    expect(quotes.items.map((q) => q.status).sort()).toEqual(['accepted', 'sent']);
    const accepted = quotes.items.find((q) => q.status === 'accepted');
    const detail = (await (await get(`/api/quotes/${accepted?.id}`)).json()) as {
      decision: { outcome: string; name: string | null; contentSha256: string | null } | null;
      contentSha256: string | null;
    };
    expect(detail.decision).toMatchObject({ outcome: 'accepted', name: 'Ada Demo' });
    expect(detail.decision?.contentSha256).toBe(detail.contentSha256);
  });

  it('has a monthly recurring invoice for the German client, reminders on with three steps, a part-paid invoice', async () => {
    const recurring = (await (await get('/api/recurring-invoices')).json()) as {
      items: {
        client: { name: string };
        frequency: string;
        status: string;
        nextDate: string | null;
        currency: string;
      }[];
    };
    expect(recurring.items).toEqual([
      expect.objectContaining({
        client: expect.objectContaining({ name: 'Jörg Demo' }),
        frequency: 'monthly',
        status: 'active',
        currency: 'EUR',
      }),
    ]);
    expect(recurring.items[0]?.nextDate?.endsWith('-01')).toBe(true);
    const reminders = (await (await get('/api/invoice-settings/reminders')).json()) as {
      enabled: boolean;
      steps: { daysAfterDue: number; textEn: string; textDe: string }[];
    };
    expect(reminders.enabled).toBe(true);
    expect(reminders.steps.map((s) => s.daysAfterDue)).toEqual([7, 14, 30]);
    expect(
      reminders.steps.every((s) => s.textEn.length > 20 && s.textDe.length > 20 && s.textEn !== s.textDe),
    ).toBe(true);
    const list = (await (await get('/api/invoices?limit=50')).json()) as InvoiceList;
    const overdue = list.items.find((i) => i.status === 'overdue');
    const sent = (await (await get(`/api/invoices/${overdue?.id}/reminders`)).json()) as {
      items: { step: number }[];
      next: { step: number } | null;
    };
    expect(sent.items.map((r) => r.step)).toEqual([1, 2]);
    expect(sent.next?.step).toBe(3);
    const partPaid = list.items.filter((i) => i.paidCents > 0 && i.status === 'sent');
    expect(partPaid).toHaveLength(1);
    const detail = (await (await get(`/api/invoices/${partPaid[0]?.id}`)).json()) as Invoice;
    expect(detail).toMatchObject({
      language: 'de',
      paidCents: 50_000,
      balanceCents: detail.amountCents - 50_000,
    });
    expect(detail.payments).toMatchObject([{ source: 'manual', amountCents: 50_000, method: 'Überweisung' }]);
  });

  it('has an intro call for every client and a project review for two, with Christmas Eve off', async () => {
    const types = (await (await get('/api/booking-types')).json()) as BookingTypeList;
    const byName = new Map(types.items.map((b) => [b.name, b]));
    expect(byName.get('Intro call')).toMatchObject({
      durationMinutes: 30,
      locationKind: 'video',
      timeZone: 'Europe/Berlin',
      clientScope: 'all',
      active: true,
    });
    expect(byName.get('Intro call')?.weeklyHours.mon).toEqual([['09:00', '17:00']]);
    const review = byName.get('Project review');
    expect(review?.clientScope).toBe('chosen');
    expect(review?.clients.map((c) => c.name)).toEqual(['Ada Demo', 'Jörg Demo']);
    const overrides = (await (await get('/api/booking-overrides')).json()) as BookingOverrideList;
    expect(overrides.items.find((o) => o.label === 'Christmas Eve')).toMatchObject({
      bookingTypeId: null,
      hours: [],
    });
  });
});
