import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/contracts/activity';
import type { FileDetail, FileList, FilePin, FileSummary } from '../../../shared/contracts/files';
import { deleteStoredPrefixes } from '../../jobs/tasks/maintenance';
import { taskContext } from '../../jobs/testing';
import { attachRealtime } from '../../realtime/server';
import { connect } from '../../realtime/testing';
import {
  allowedSamples,
  type FilesWorld,
  fileForm,
  filesWorld,
  uploadRequest,
} from '../../services/files/testing';
import { filePrefix } from '../../storage/keys';
import { createTestContext, jsonHeaders, TEST_ORIGIN, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';
import { tempDataDir } from '../portals/testing';

/**
 * The files workflow through the API: lists, details, decisions and their rules, versions, pins,
 * deletion with the stored bytes, downloads, and what the activity feed says about it, for both sides.
 */

let t: TestContext;
let w: FilesWorld;
let png: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  w = await filesWorld(t, 'workflow');
  const samples = await allowedSamples();
  png = samples.find((s) => s.type === 'image/png')?.bytes ?? Buffer.alloc(0);
  pdf = samples.find((s) => s.type === 'application/pdf')?.bytes ?? Buffer.alloc(0);
});
afterAll(() => t.close());

const portal = (path: string) => `/api/portal/${w.portalId}${path}`;

async function providerFile(name = 'design.png', bytes = png, project = w.projectId): Promise<FileSummary> {
  const res = await uploadRequest(
    t,
    `/api/projects/${project}/files`,
    { cookie: w.owner },
    fileForm(bytes, name),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as FileSummary;
}

async function clientFile(name = 'brief.pdf', bytes = pdf): Promise<FileSummary> {
  const res = await uploadRequest(
    t,
    portal(`/projects/${w.projectId}/files`),
    { bearer: w.token },
    fileForm(bytes, name),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as FileSummary;
}

const decide = (as: 'provider' | 'client', fileId: string, body: Record<string, unknown>) =>
  as === 'provider'
    ? send(t, 'POST', `/api/files/${fileId}/decisions`, w.owner, body)
    : portalRequest(t, 'POST', portal(`/files/${fileId}/decisions`), w.token, body);

const detail = async (as: 'provider' | 'client', fileId: string) => {
  const res =
    as === 'provider'
      ? await send(t, 'GET', `/api/files/${fileId}`, w.owner)
      : await portalRequest(t, 'GET', portal(`/files/${fileId}`), w.token);
  expect(res.status).toBe(200);
  return (await res.json()) as FileDetail;
};

/** The payloads of the queued jobs of a task (the queue's own table; its `jobs` view has no payload). */
async function queued<P>(task: string): Promise<P[]> {
  const schema = t.sql(t.db.queueSchema);
  const rows = await t.sql<{ payload: { payload: P } }[]>`
    SELECT j.payload FROM ${schema}._private_jobs j JOIN ${schema}._private_tasks tk ON tk.id = j.task_id
    WHERE tk.identifier = ${task}`;
  return rows.map((row) => row.payload.payload);
}

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('decisions', () => {
  it('lets the client decide on the provider’s file, and only the client', async () => {
    const file = await providerFile();
    expect(file.allowedDecisions).toEqual([]);
    const seen = await detail('client', file.id);
    expect(seen.file.allowedDecisions).toEqual(['client_approved', 'client_rejected', 'revision_requested']);
    expect(seen.file.canUploadVersion).toBe(false);

    const own = await decide('provider', file.id, { versionId: file.latestVersion.id, decision: 'approved' });
    expect(own.status).toBe(409);
    expect(await errorCode(own)).toBe('file_decision_not_allowed');
    const wrongSide = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'approved',
    });
    expect(await errorCode(wrongSide)).toBe('file_decision_not_allowed');

    const ok = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'client_approved',
    });
    expect(ok.status).toBe(200);
    const decided = (await ok.json()) as FileDetail;
    expect(decided.file).toMatchObject({ status: 'client_approved', allowedDecisions: [] });
    expect(decided.history.map((e) => [e.kind, e.statusBefore, e.statusAfter, e.actor.type])).toEqual([
      ['uploaded', null, 'pending_review', 'provider'],
      ['decision', 'pending_review', 'client_approved', 'client'],
    ]);
    expect(decided.history[1]?.version).toEqual({
      id: file.latestVersion.id,
      number: 1,
      sha256: file.latestVersion.sha256,
    });

    // A decision is final for its version.
    const again = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'client_rejected',
      feedback: 'No',
    });
    expect(await errorCode(again)).toBe('file_decision_not_allowed');
  });

  it('requires feedback to reject and to request a revision', async () => {
    const file = await providerFile();
    for (const decision of ['client_rejected', 'revision_requested']) {
      const res = await decide('client', file.id, {
        versionId: file.latestVersion.id,
        decision,
        feedback: '   ',
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: { path: string; key: string }[] } };
      expect(body.error.fields).toContainEqual({
        path: 'feedback',
        key: 'validation.feedbackRequired',
        message: expect.any(String),
      });
    }
    const res = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'revision_requested',
      feedback: '  Please use the darker blue.  ',
    });
    expect(res.status).toBe(200);
    const decided = (await res.json()) as FileDetail;
    expect(decided.file.status).toBe('revision_requested');
    expect(decided.history.at(-1)?.feedback).toBe('Please use the darker blue.');
  });

  it('lets the provider decide on the client’s file, approve or reject', async () => {
    const file = await clientFile();
    const seen = await detail('provider', file.id);
    expect(seen.file.allowedDecisions).toEqual(['approved', 'rejected']);
    expect((await detail('client', file.id)).file.allowedDecisions).toEqual([]);
    const own = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'client_approved',
    });
    expect(await errorCode(own)).toBe('file_decision_not_allowed');
    const res = await decide('provider', file.id, {
      versionId: file.latestVersion.id,
      decision: 'rejected',
      feedback: 'Wrong brief',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FileDetail).file.status).toBe('rejected');
  });

  it('resets to pending review on a new version; a decision on the old version is outdated', async () => {
    const file = await providerFile('poster.png');
    await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'revision_requested',
      feedback: 'Bigger title',
    });
    // Only the provider adds versions of the provider's files.
    const refused = await uploadRequest(
      t,
      portal(`/files/${file.id}/versions`),
      { bearer: w.token },
      fileForm(png, 'mine.png'),
    );
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('forbidden');

    const res = await uploadRequest(
      t,
      `/api/files/${file.id}/versions`,
      { cookie: w.owner },
      fileForm(pdf, 'poster v2.pdf'),
    );
    expect(res.status).toBe(201);
    const v2 = (await res.json()) as FileDetail;
    expect(v2.file).toMatchObject({ status: 'pending_review', name: 'poster.pdf' });
    expect(v2.versions.map((v) => [v.number, v.mimeType])).toEqual([
      [2, 'application/pdf'],
      [1, 'image/png'],
    ]);
    expect(v2.history.map((e) => [e.kind, e.version.number, e.statusBefore, e.statusAfter])).toEqual([
      ['uploaded', 1, null, 'pending_review'],
      ['decision', 1, 'pending_review', 'revision_requested'],
      ['version', 2, 'revision_requested', 'pending_review'],
    ]);

    const outdated = await decide('client', file.id, {
      versionId: file.latestVersion.id,
      decision: 'client_approved',
    });
    expect(outdated.status).toBe(409);
    expect(await errorCode(outdated)).toBe('file_version_outdated');
    const current = await decide('client', file.id, {
      versionId: v2.versions[0]?.id,
      decision: 'client_approved',
    });
    expect(current.status).toBe(200);
  });

  it('takes exactly one of two decisions sent at once on the same version', async () => {
    for (let round = 0; round < 3; round++) {
      const file = await providerFile(`race-${round}.png`);
      const versionId = file.latestVersion.id;
      const results = await Promise.all([
        decide('client', file.id, { versionId, decision: 'client_approved' }),
        decide('client', file.id, { versionId, decision: 'revision_requested', feedback: 'Change it' }),
        decide('client', file.id, { versionId, decision: 'client_rejected', feedback: 'No' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const [events] = await t.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM file_events WHERE file_id = ${file.id} AND kind = 'decision'`;
      expect(events?.n).toBe(1);
    }
  });
});

describe('pins', () => {
  it('pins feedback to a point of any version, by either side, with a decision or alone', async () => {
    const file = await providerFile('layout.png');
    const versionId = file.latestVersion.id;
    const res = await decide('client', file.id, {
      versionId,
      decision: 'revision_requested',
      feedback: 'See the pins',
      pins: [
        { page: 1, x: 0.25, y: 0.5, body: 'Too small' },
        { page: 1, x: 1, y: 0, body: 'Corner' },
      ],
    });
    expect(res.status).toBe(200);
    const decided = (await res.json()) as FileDetail;
    const decisionId = decided.history.at(-1)?.id;
    expect(decided.pins.map((p) => [p.body, p.decisionId, p.mine, p.author.type])).toEqual([
      ['Too small', decisionId, true, 'client'],
      ['Corner', decisionId, true, 'client'],
    ]);
    const alone = await send(t, 'POST', `/api/files/${file.id}/pins`, w.owner, {
      versionId,
      page: 1,
      x: 0.5,
      y: 0.5,
      body: 'Will do',
    });
    expect(alone.status).toBe(201);
    expect((await alone.json()) as FilePin).toMatchObject({ mine: true, decisionId: null, versionNumber: 1 });
    const seen = await detail('provider', file.id);
    expect(seen.pins.map((p) => p.mine)).toEqual([false, false, true]);
    expect(seen.file.pinCount).toBe(3);
  });

  it('refuses a version of another file (404), a page past the page count (422) and too many pins (409)', async () => {
    const file = await providerFile('pins.pdf', pdf);
    const other = await providerFile('other.png');
    const pin = (body: Record<string, unknown>) =>
      portalRequest(t, 'POST', portal(`/files/${file.id}/pins`), w.token, {
        versionId: file.latestVersion.id,
        page: 1,
        x: 0.1,
        y: 0.1,
        body: 'Here',
        ...body,
      });
    expect((await pin({ versionId: other.latestVersion.id })).status).toBe(404);
    expect((await pin({ x: 1.5 })).status).toBe(422);
    // Page counts are known once the preview job has run.
    await t.sql`UPDATE file_versions SET page_count = 2 WHERE id = ${file.latestVersion.id}`;
    expect((await pin({ page: 2 })).status).toBe(201);
    const past = await pin({ page: 3 });
    expect(past.status).toBe(422);
    expect(((await past.json()) as { error: { fields: { key: string }[] } }).error.fields[0]?.key).toBe(
      'validation.pinPageOutOfRange',
    );
    await t.sql`
      INSERT INTO file_pins (provider_id, file_id, version_id, page, x, y, body, author_type, author_name)
      SELECT ${w.providerId}, ${file.id}, ${file.latestVersion.id}, 1, 0.5, 0.5, 'filler', 'provider', 'P'
      FROM generate_series(1, 498)`;
    expect((await pin({})).status).toBe(201);
    const full = await pin({});
    expect(full.status).toBe(409);
    expect(await errorCode(full)).toBe('conflict');
  });

  it('refuses a pin on page 2 of a one-page image, and past page 1 of a PDF whose pages are not counted yet (422 naming the page)', async () => {
    const image = await providerFile('one-page.png');
    const pending = await providerFile('pending.pdf', pdf);
    const fieldsOf = async (res: Response) =>
      ((await res.json()) as { error: { fields: { path: string; key: string; message: string }[] } }).error
        .fields;
    const pin = (file: FileSummary, page: number) =>
      portalRequest(t, 'POST', portal(`/files/${file.id}/pins`), w.token, {
        versionId: file.latestVersion.id,
        page,
        x: 0.5,
        y: 0.5,
        body: 'Here',
      });
    // An image has one page, whether or not its preview has been made.
    expect(image.latestVersion.preview.pageCount).toBeNull();
    const onImage = await pin(image, 2);
    expect(onImage.status).toBe(422);
    expect(await fieldsOf(onImage)).toEqual([
      {
        path: 'page',
        key: 'validation.pinPageOutOfRange',
        message: 'A point must be on a page of this version',
      },
    ]);
    await t.sql`UPDATE file_versions SET preview_status = 'ready', page_count = 1 WHERE id = ${image.latestVersion.id}`;
    expect((await pin(image, 2)).status).toBe(422);
    expect((await pin(image, 1)).status).toBe(201);
    // A PDF before its preview job ran: page 1 only (all a viewer can show), then its pages once counted.
    expect(pending.latestVersion.preview.status).toBe('pending');
    expect((await pin(pending, 2)).status).toBe(422);
    expect((await pin(pending, 1)).status).toBe(201);
    await t.sql`UPDATE file_versions SET preview_status = 'ready', page_count = 3 WHERE id = ${pending.latestVersion.id}`;
    expect((await pin(pending, 3)).status).toBe(201);
    // The same rule for pins sent with a decision.
    const decided = await decide('client', image.id, {
      versionId: image.latestVersion.id,
      decision: 'revision_requested',
      feedback: 'See the pin',
      pins: [{ page: 2, x: 0.5, y: 0.5, body: 'Here' }],
    });
    expect(decided.status).toBe(422);
    expect((await fieldsOf(decided)).map((f) => f.path)).toEqual(['pins.0.page']);
  });
});

describe('lists', () => {
  it('filters by project, status, uploader and name, with counts per status under the other filters', async () => {
    const world = await filesWorld(t, 'lists');
    const up = (name: string) =>
      uploadRequest(
        t,
        `/api/projects/${world.projectId}/files`,
        { cookie: world.owner },
        fileForm(png, name),
      );
    const a = (await (await up('Alpha.png')).json()) as FileSummary;
    await up('Beta.png');
    const c = await uploadRequest(
      t,
      `/api/portal/${world.portalId}/projects/${world.projectId}/files`,
      { bearer: world.token },
      fileForm(pdf, 'Gamma brief.pdf'),
    );
    expect(c.status).toBe(201);
    await portalRequest(t, 'POST', `/api/portal/${world.portalId}/files/${a.id}/decisions`, world.token, {
      versionId: a.latestVersion.id,
      decision: 'client_approved',
    });
    const list = async (query: string) => {
      const res = await send(t, 'GET', `/api/files?${query}`, world.owner);
      expect(res.status).toBe(200);
      return (await res.json()) as FileList;
    };
    const all = await list('sort=name&order=asc');
    expect(all.items.map((f) => f.name)).toEqual(['Alpha.png', 'Beta.png', 'Gamma brief.pdf']);
    expect(all.total).toBe(3);
    expect(all.statusCounts).toMatchObject({ pendingReview: 2, clientApproved: 1, approved: 0 });
    const pending = await list('status=pending_review&sort=name&order=asc');
    expect(pending.items.map((f) => f.name)).toEqual(['Beta.png', 'Gamma brief.pdf']);
    expect(pending.total).toBe(2);
    expect(pending.statusCounts.clientApproved).toBe(1);
    expect((await list('uploadedBy=client')).items.map((f) => f.name)).toEqual(['Gamma brief.pdf']);
    expect((await list('search=BRIEF')).items.map((f) => f.name)).toEqual(['Gamma brief.pdf']);
    expect((await list('search=%25')).items).toEqual([]);
    expect((await list(`projectId=${w.projectId}`)).items).toEqual([]);
    const first = await list('sort=name&order=desc&limit=1');
    const paged = await list(`sort=name&order=desc&limit=1&cursor=${first.nextCursor}`);
    expect(paged.items.map((f) => f.name)).toEqual(['Beta.png']);
    expect((await list('sort=size&order=desc')).items[0]?.name).toBe('Gamma brief.pdf');
  });

  it('shows a client only the files of their own projects', async () => {
    const mine = await providerFile('for-the-client.png');
    // Another client of the same portal, with a project and a file of their own.
    const sibling = await send(t, 'POST', '/api/clients', w.owner, {
      name: 'Sibling',
      email: `sibling-${crypto.randomUUID().slice(0, 8)}@example.com`,
      portalId: w.portalId,
    });
    const siblingId = ((await sibling.json()) as { id: string }).id;
    const project = await send(t, 'POST', '/api/projects', w.owner, {
      clientId: siblingId,
      name: 'Sibling project',
    });
    const siblingProject = ((await project.json()) as { id: string }).id;
    const theirs = await providerFile('for-the-sibling.png', png, siblingProject);

    const res = await portalRequest(t, 'GET', portal('/files?limit=100'), w.token);
    const list = (await res.json()) as FileList;
    const ids = list.items.map((f) => f.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await portalRequest(t, 'GET', portal(`/files/${theirs.id}`), w.token)).status).toBe(404);
    const download = await portalRequest(
      t,
      'GET',
      portal(`/files/${theirs.id}/versions/${theirs.latestVersion.id}/download`),
      w.token,
    );
    expect(download.status).toBe(404);
    // The provider's list has both.
    const provider = (await (await send(t, 'GET', '/api/files?limit=100', w.owner)).json()) as FileList;
    expect(provider.items.map((f) => f.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('renaming, deleting and downloading', () => {
  it('renames a file, keeping its type’s extension (provider only)', async () => {
    const file = await providerFile('draft.png');
    const res = await send(t, 'PATCH', `/api/files/${file.id}`, w.owner, { name: '  Final\u202E logo.exe ' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FileSummary).name).toBe('Final logo.png');
    expect((await send(t, 'PATCH', `/api/files/${file.id}`, w.owner, { name: '' })).status).toBe(422);
    const other = await filesWorld(t, 'rename-other');
    expect((await send(t, 'PATCH', `/api/files/${file.id}`, other.owner, { name: 'x' })).status).toBe(404);
  });

  it('deletes a file with its rows and stored bytes (provider only)', async () => {
    const file = await providerFile('gone.png');
    const prefix = filePrefix(w.providerId, file.id);
    expect(await t.deps.store.list(prefix)).toHaveLength(1);
    const other = await filesWorld(t, 'delete-other');
    expect((await send(t, 'DELETE', `/api/files/${file.id}`, other.owner)).status).toBe(404);
    const res = await send(t, 'DELETE', `/api/files/${file.id}`, w.owner);
    expect(res.status).toBe(204);
    expect(await t.deps.store.list(prefix)).toEqual([]);
    expect((await send(t, 'GET', `/api/files/${file.id}`, w.owner)).status).toBe(404);
    const [rows] = await t.sql<{ n: number }[]>`
      SELECT (SELECT count(*)::int FROM file_versions WHERE file_id = ${file.id})
           + (SELECT count(*)::int FROM file_events WHERE file_id = ${file.id}) AS n`;
    expect(rows?.n).toBe(0);
    const jobs = await queued<{ prefixes: string[] }>('delete_stored_prefixes');
    expect(jobs.map((j) => j.prefixes)).toContainEqual([prefix]);
  });

  it('removes the stored files of a deleted project and of a deleted client, by a job', async () => {
    const world = await filesWorld(t, 'cascade');
    const upload = async (projectId: string) => {
      const res = await uploadRequest(
        t,
        `/api/projects/${projectId}/files`,
        { cookie: world.owner },
        fileForm(png, 'x.png'),
      );
      return (await res.json()) as FileSummary;
    };
    const first = await upload(world.projectId);
    const second = await send(t, 'POST', '/api/projects', world.owner, {
      clientId: world.clientId,
      name: 'Second',
    });
    const secondFile = await upload(((await second.json()) as { id: string }).id);
    const run = async () => {
      const jobs = await t.sql<{ id: string; payload: { payload: { prefixes: string[] } } }[]>`
        DELETE FROM ${t.sql(t.db.queueSchema)}._private_jobs j
        USING ${t.sql(t.db.queueSchema)}._private_tasks tk
        WHERE tk.id = j.task_id AND tk.identifier = 'delete_stored_prefixes'
        RETURNING j.id, j.payload`;
      for (const job of jobs) await deleteStoredPrefixes.run(job.payload.payload, taskContext(t));
      return jobs.flatMap((j) => j.payload.payload.prefixes);
    };
    await run();
    expect((await send(t, 'DELETE', `/api/projects/${world.projectId}`, world.owner)).status).toBe(200);
    expect(await run()).toEqual([filePrefix(world.providerId, first.id)]);
    expect(await t.deps.store.list(filePrefix(world.providerId, first.id))).toEqual([]);
    expect(await t.deps.store.list(filePrefix(world.providerId, secondFile.id))).toHaveLength(1);
    expect((await send(t, 'DELETE', `/api/clients/${world.clientId}`, world.owner)).status).toBe(200);
    expect(await run()).toEqual([filePrefix(world.providerId, secondFile.id)]);
    expect(await t.deps.store.list(filePrefix(world.providerId, secondFile.id))).toEqual([]);
  });

  it('downloads the original bytes as an attachment with its name, hash and no caching; HEAD without a body', async () => {
    const file = await providerFile('Grüße "final".png');
    const path = `/api/files/${file.id}/versions/${file.latestVersion.id}/download`;
    const res = await send(t, 'GET', path, w.owner);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'content-disposition': `attachment; filename="Gru_e _final_.png"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22final%22.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
      etag: `"${file.latestVersion.sha256}"`,
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const head = await t.app.request(path, { method: 'HEAD', headers: jsonHeaders({ Cookie: w.owner }) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await head.text()).toBe('');
    expect(
      (await send(t, 'GET', path.replace(file.latestVersion.id, crypto.randomUUID()), w.owner)).status,
    ).toBe(404);
  });
});

describe('activity', () => {
  it('tells the other side about uploads, versions and decisions, in its language, with the file', async () => {
    const world = await filesWorld(t, 'activity');
    const res = await uploadRequest(
      t,
      `/api/projects/${world.projectId}/files`,
      { cookie: world.owner },
      fileForm(png, 'Banner.png'),
    );
    const file = (await res.json()) as FileSummary;
    const clientSheet = async (lang = 'en') =>
      (await (
        await portalRequest(t, 'GET', `/api/portal/${world.portalId}/notifications`, world.token, undefined, {
          'Accept-Language': lang,
        })
      ).json()) as NotificationList;
    const upload = (await clientSheet()).items[0];
    expect(upload).toMatchObject({
      type: 'file_upload',
      title: 'New file: Banner.png',
      read: false,
      senderType: 'provider',
      file: { id: file.id, name: 'Banner.png', status: 'pending_review' },
    });
    expect((await clientSheet('de')).items[0]?.title).toBe('Neue Datei: Banner.png');

    await portalRequest(t, 'POST', `/api/portal/${world.portalId}/files/${file.id}/decisions`, world.token, {
      versionId: file.latestVersion.id,
      decision: 'revision_requested',
      feedback: 'Please make the logo larger.',
    });
    const providerSheet = async (lang: string) =>
      (await (
        await send(t, 'GET', '/api/notifications', world.owner, undefined, { 'Accept-Language': lang })
      ).json()) as NotificationList;
    expect((await providerSheet('en')).items[0]).toMatchObject({
      type: 'file_approval',
      title: 'Revision requested: Banner.png',
      description: '“Please make the logo larger.”',
      read: false,
      file: { id: file.id, name: 'Banner.png', status: 'revision_requested' },
    });
    expect((await providerSheet('de')).items[0]?.title).toBe('Überarbeitung angefordert: Banner.png');

    await uploadRequest(
      t,
      `/api/files/${file.id}/versions`,
      { cookie: world.owner },
      fileForm(png, 'Banner.png'),
    );
    expect((await clientSheet()).items[0]).toMatchObject({
      title: 'New version of Banner.png',
      description: expect.stringMatching(/^Version 2, uploaded by .+\.$/),
      file: { status: 'pending_review' },
    });
    const version2 = (await detail2(world, file.id)).versions[0]?.id;
    await portalRequest(t, 'POST', `/api/portal/${world.portalId}/files/${file.id}/decisions`, world.token, {
      versionId: version2,
      decision: 'client_approved',
    });
    expect((await providerSheet('en')).items[0]).toMatchObject({
      title: 'activity client approved Banner.png',
      file: { status: 'client_approved' },
    });
    expect((await providerSheet('de')).items[0]?.title).toBe('activity client hat Banner.png freigegeben');
  });

  it('reaches the provider’s open dashboard live when the client decides, with the file’s new status', async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    const realtime = await attachRealtime(server, t.deps);
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const socket = await connect(base, { origin: TEST_ORIGIN, audience: 'provider', cookie: w.owner });
    try {
      const file = await providerFile('live.png');
      const res = await decide('client', file.id, {
        versionId: file.latestVersion.id,
        decision: 'client_rejected',
        feedback: 'Not this one',
      });
      expect(res.status).toBe(200);
      const event = await socket.next((m) => m.type === 'activity' && m.item.type === 'file_approval');
      expect(event.type === 'activity' && event.item).toMatchObject({
        title: expect.stringContaining('rejected live.png'),
        description: '“Not this one”',
        file: { id: file.id, name: 'live.png', status: 'client_rejected' },
      });
    } finally {
      await socket.close();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('queues the preview job for every new version', async () => {
    const file = await providerFile('preview.png');
    const jobs = await queued<Record<string, string>>('process_file_version');
    expect(jobs).toContainEqual({
      providerId: w.providerId,
      fileId: file.id,
      versionId: file.latestVersion.id,
    });
  });
});

async function detail2(world: FilesWorld, fileId: string) {
  const res = await send(t, 'GET', `/api/files/${fileId}`, world.owner);
  return (await res.json()) as FileDetail;
}
