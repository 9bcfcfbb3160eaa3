import { expect } from 'vitest';
import type { InvoiceStatus } from '../../../shared/contracts/invoices';
import { getSession } from '../../auth/testing';
import type { Sql } from '../../db/client';
import { insertInvoice } from '../../services/invoices/testing';
import type { TestContext } from '../../testing/harness';

/** Test helpers for the provider's domain rows (portals, clients, projects, invoices), inserted by SQL. */

/** The user id behind a session cookie. */
export async function userIdOf(t: TestContext, cookie: string): Promise<string> {
  const id = (await getSession(t, cookie)).body.user?.id;
  expect(id, 'the cookie names a signed-in provider').toBeDefined();
  return String(id);
}

export interface WorkspaceSeed {
  /** Project statuses, one project each (all under the first client). */
  projects?: string[];
  /** Invoices as [status, amountCents, currency] (EUR or USD, migration 0014). */
  invoices?: [string, number, string][];
  /** Number of clients (default 1 when projects or invoices are given). */
  clients?: number;
}

/** Inserts one portal and the given clients, projects and invoices for a provider. */
export async function seedWorkspace(sql: Sql, providerId: string, seed: WorkspaceSeed = {}) {
  const [portal] = await sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name) VALUES (${providerId}, 'Studio portal') RETURNING id`;
  const portalId = String(portal?.id);
  const clientCount = seed.clients ?? (seed.projects?.length || seed.invoices?.length ? 1 : 0);
  const clientIds: string[] = [];
  for (let i = 0; i < clientCount; i++) {
    const [client] = await sql<{ id: string }[]>`
      INSERT INTO clients (provider_id, portal_id, name, email)
      VALUES (${providerId}, ${portalId}, ${`Client ${i}`}, ${`client${i}@example.com`}) RETURNING id`;
    clientIds.push(String(client?.id));
  }
  const clientId = clientIds[0] ?? null;
  const projectIds: string[] = [];
  for (const status of seed.projects ?? []) {
    const [project] = await sql<{ id: string }[]>`
      INSERT INTO projects (provider_id, client_id, name, status)
      VALUES (${providerId}, ${clientId}, ${`Project ${status}`}, ${status}) RETURNING id`;
    projectIds.push(String(project?.id));
  }
  let n = 0;
  for (const [status, amountCents, currency] of seed.invoices ?? []) {
    n += 1;
    await insertInvoice(sql, {
      providerId,
      clientId: String(clientId),
      projectId: projectIds[0] ?? null,
      number: `INV-${n}`,
      status: status as InvoiceStatus,
      amountCents,
      currency: currency as 'EUR' | 'USD',
    });
  }
  return { portalId, clientIds, projectIds };
}
