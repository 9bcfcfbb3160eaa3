import { expect } from 'vitest';
import { getSession } from '../../auth/testing';
import type { Sql } from '../../db/client';
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
  /** Invoices as [status, amountCents, currency]. */
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
    await sql`
      INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, currency, status)
      VALUES (${providerId}, ${clientId}, ${projectIds[0] ?? null}, ${`INV-${n}`}, ${amountCents},
              ${currency}, ${status})`;
  }
  return { portalId, clientIds, projectIds };
}
