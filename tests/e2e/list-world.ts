import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { type World, world } from './collaboration-world';

/**
 * The list specs' world, through the API on top of `collaboration-world.ts`: more clients (one with a long
 * company name), projects in every status, files in the two projects, and invoices in every status (a draft,
 * sent, paid on a given day, overdue, cancelled), so each list of the dashboard has rows, filters and chips
 * with counts to show.
 */
export interface ListWorld extends World {
  invoiceIds: { draft: string; sent: string; paid: string };
  fileId: string;
}

async function post(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function listWorld(request: APIRequestContext): Promise<ListWorld> {
  const w = await world(request);
  const more = [
    { name: 'Katherine Johnson', company: 'Langley Research Center' },
    { name: 'Margaret Hamilton', company: 'Instrumentation Laboratory of Massachusetts' },
    { name: 'Dorothy Vaughan', company: null },
  ];
  for (const [index, client] of more.entries()) {
    await post(request, '/api/clients', {
      name: client.name,
      email: `list-${index}-${Date.now().toString(36)}@example.com`,
      portalId: w.portalId,
      ...(client.company ? { company: client.company } : {}),
    });
  }
  for (const [name, status] of [
    ['Annual report', 'on_hold'],
    ['Shop launch', 'completed'],
    ['Podcast artwork', 'cancelled'],
  ] as const) {
    await post(request, '/api/projects', { name, status, clientId: w.clientId, budgetCents: 120_000 });
  }

  let fileId = '';
  for (const [name, color, project] of [
    ['homepage-draft.png', '#4338ca', w.website],
    ['logo-variants.png', '#0f766e', w.branding],
    ['moodboard.png', '#b45309', w.website],
  ] as const) {
    const res = await request.post(`/api/projects/${project}/files`, {
      multipart: { file: { name, mimeType: 'image/png', buffer: await png(color) } },
    });
    expect(res.status()).toBe(201);
    fileId ||= ((await res.json()) as { id: string }).id;
  }

  const invoice = (amount: number, description: string) =>
    post(request, '/api/invoices', {
      clientId: w.clientId,
      projectId: w.website,
      description,
      dueDate: '2026-12-07',
      supplyDate: '2026-03-02',
      lines: [{ description, quantityMilli: 1000, unitPriceCents: amount, taxRateBp: 1900 }],
    });
  const send = async (id: string) => post(request, `/api/invoices/${id}/send`, {});
  const draft = await invoice(80_000, 'Design sprint');
  const sent = await invoice(125_000, 'Development');
  await send(sent.id);
  const paid = await invoice(1_234_567, 'Hosting for the year 2026');
  await send(paid.id);
  await post(request, `/api/invoices/${paid.id}/status`, { status: 'paid', paidDate: '2026-07-12' });
  const overdue = await invoice(99_000, 'Workshop');
  await send(overdue.id);
  await post(request, `/api/invoices/${overdue.id}/status`, { status: 'overdue' });
  const cancelled = await invoice(10_000, 'Stock photos');
  await send(cancelled.id);
  await post(request, `/api/invoices/${cancelled.id}/cancel`, { reason: 'Ordered twice' });
  // A client and a project with long names, paid: the row that pushed "Paid" out of the table.
  const agency = await post(request, '/api/clients', {
    name: 'Massachusetts Institute of Technology Instrumentation Laboratory',
    email: `list-long-${Date.now().toString(36)}@example.com`,
    portalId: w.portalId,
  });
  const apollo = await post(request, '/api/projects', {
    name: 'Apollo guidance computer documentation and review',
    clientId: agency.id,
  });
  const long = await post(request, '/api/invoices', {
    clientId: agency.id,
    projectId: apollo.id,
    dueDate: '2026-12-07',
    lines: [{ description: 'Review', quantityMilli: 1000, unitPriceCents: 9_999_999, taxRateBp: 1900 }],
  });
  await send(long.id);
  await post(request, `/api/invoices/${long.id}/status`, { status: 'paid', paidDate: '2026-07-12' });

  return { ...w, invoiceIds: { draft: draft.id, sent: sent.id, paid: paid.id }, fileId };
}
