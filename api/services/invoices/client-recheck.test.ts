import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../routes/account/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { type InvoicesWorld, invoicesWorld, line } from './testing';

/*
 * Changing the client (and project) of a quote and of a recurring invoice through PATCH (issue 28): both go
 * through `drafts.ts` `recheckClientAndProject`. Another of the provider's clients is taken, and the old
 * client's project, not named by the change, is dropped; a project of another client is refused (422
 * `validation.projectInvalid`); another tenant's client or project answers 404; nothing is written then.
 */

let t: TestContext;
let w: InvoicesWorld;
let other: InvoicesWorld;
/** A second client of the same provider, with its own project. */
let second: { clientId: string; projectId: string };

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await invoicesWorld(t, 'recheck');
  other = await invoicesWorld(t, 'recheck-other');
  const client = await send(t, 'POST', '/api/clients', w.owner, {
    name: 'Second client',
    email: 'second-recheck@example.com',
    portalId: w.portalId,
  });
  expect(client.status, await client.clone().text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const project = await send(t, 'POST', '/api/projects', w.owner, { clientId, name: 'Second project' });
  expect(project.status, await project.clone().text()).toBe(201);
  second = { clientId, projectId: ((await project.json()) as { id: string }).id };
});
afterAll(() => t.close());

const plusDays = (days: number) => {
  const d = new Date(`${t.deps.now().toISOString().slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const LINES = [line('Design', 2_000, 8_000, 1_900)];

interface Owned {
  id: string;
  client: { id: string };
  project: { id: string } | null;
}

/** Each kind: how to make one for the first client and its project, and where to PATCH it. */
const KINDS = [
  {
    name: 'quote',
    path: '/api/quotes',
    body: () => ({ clientId: w.clientId, projectId: w.projectId, lines: LINES }),
  },
  {
    name: 'recurring invoice',
    path: '/api/recurring-invoices',
    body: () => ({
      clientId: w.clientId,
      projectId: w.projectId,
      frequency: 'monthly',
      startDate: plusDays(3),
      lines: LINES,
    }),
  },
] as const;

/** The client and project as the API reads them back, normalised across the two shapes. */
async function read(path: string, id: string): Promise<{ clientId: string; projectId: string | null }> {
  const res = await send(t, 'GET', `${path}/${id}`, w.owner);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Owned & { clientId?: string; projectId?: string | null };
  return {
    clientId: body.client?.id ?? body.clientId ?? '',
    projectId: body.project?.id ?? body.projectId ?? null,
  };
}

describe.each(KINDS)('changing the client of a $name', (kind) => {
  async function make(): Promise<string> {
    const res = await send(t, 'POST', kind.path, w.owner, kind.body());
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const patch = (id: string, body: object, owner = w.owner) =>
    send(t, 'PATCH', `${kind.path}/${id}`, owner, body);

  it('takes another client of the provider; the old client’s project is dropped, a named one kept', async () => {
    const id = await make();
    const moved = await patch(id, { clientId: second.clientId });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await read(kind.path, id)).toEqual({ clientId: second.clientId, projectId: null });
    const both = await patch(id, { clientId: w.clientId, projectId: w.projectId });
    expect(both.status).toBe(200);
    expect(await read(kind.path, id)).toEqual({ clientId: w.clientId, projectId: w.projectId });
    // The new client's own project with it.
    expect((await patch(id, { clientId: second.clientId, projectId: second.projectId })).status).toBe(200);
    expect(await read(kind.path, id)).toEqual({ clientId: second.clientId, projectId: second.projectId });
  });

  it('refuses a project of another client (422 projectInvalid) and writes nothing', async () => {
    const id = await make();
    // The second client's project for the first client.
    const mismatch = await patch(id, { projectId: second.projectId });
    expect(mismatch.status).toBe(422);
    const body = (await mismatch.json()) as { error: { fields?: { path: string; key: string }[] } };
    expect(body.error.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'validation.projectInvalid' })]),
    );
    // A new client with the old client's project, named explicitly.
    expect((await patch(id, { clientId: second.clientId, projectId: w.projectId })).status).toBe(422);
    expect(await read(kind.path, id)).toEqual({ clientId: w.clientId, projectId: w.projectId });
  });

  it('answers 404 for another tenant’s client or project, and for another tenant’s caller', async () => {
    const id = await make();
    expect((await patch(id, { clientId: other.clientId })).status).toBe(404);
    expect((await patch(id, { clientId: other.clientId, projectId: other.projectId })).status).toBe(404);
    expect((await patch(id, { projectId: other.projectId })).status).toBe(404);
    // The other tenant cannot move it to their own client either.
    expect((await patch(id, { clientId: other.clientId }, other.owner)).status).toBe(404);
    expect(await read(kind.path, id)).toEqual({ clientId: w.clientId, projectId: w.projectId });
  });
});
