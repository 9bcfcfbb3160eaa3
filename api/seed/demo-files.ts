import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { FileStatus } from '../../shared/contracts/files';
import type { Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { recordActivity } from '../services/activity/record-activity';
import {
  type DirectVersion,
  insertDecision,
  insertFile,
  insertNextVersion,
  insertPin,
} from '../services/files/direct-rows';
import { INTER_REGULAR, INTER_SEMIBOLD } from '../services/files/fonts';

/*
 * The demo's files (issue 20): deliverables and client uploads in several review states, with a
 * v1 → v2 history, feedback and pins, as real bytes: images drawn from SVG here (shapes only, no text, so
 * no system font is needed) and rendered to PNG/JPEG by sharp, and a brief made by pdfkit. Rows and keys
 * are those of an upload (`direct-rows.ts`); a `process_file_version` job per version makes the previews
 * once the worker runs.
 */

/** A logo sheet: three marks on a light ground (`variant` changes the colours). */
function logoSvg(variant: 'first' | 'second'): string {
  const [a, b] = variant === 'first' ? ['#4f46e5', '#0f766e'] : ['#1e1b4b', '#f59e0b'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f8fafc"/>
  <g transform="translate(200 400)"><circle r="120" fill="${a}"/><circle r="60" cx="40" cy="-30" fill="#fff"/></g>
  <g transform="translate(600 400)"><rect x="-110" y="-110" width="220" height="220" rx="48" fill="${b}"/>
    <path d="M-50 40 L0 -60 L50 40 Z" fill="#fff"/></g>
  <g transform="translate(1000 400)"><path d="M0 -130 L120 60 L-120 60 Z" fill="${a}"/>
    <circle r="38" cy="10" fill="${b}"/></g>
  <rect x="120" y="640" width="960" height="6" rx="3" fill="#e2e8f0"/>
</svg>`;
}

/** A home-page mockup: header, hero, three cards (`dark`: the darker header the client asked for). */
function mockupSvg(dark: boolean): string {
  const header = dark ? '#111827' : '#e0e7ff';
  const cards = [0, 1, 2]
    .map(
      (i) => `<g transform="translate(${120 + i * 410} 620)">
    <rect width="370" height="300" rx="16" fill="#fff" stroke="#e2e8f0" stroke-width="2"/>
    <rect x="24" y="24" width="322" height="150" rx="10" fill="${['#c7d2fe', '#99f6e4', '#fde68a'][i]}"/>
    <rect x="24" y="198" width="220" height="18" rx="9" fill="#cbd5e1"/>
    <rect x="24" y="232" width="290" height="12" rx="6" fill="#e2e8f0"/></g>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="1024" viewBox="0 0 1440 1024">
  <rect width="1440" height="1024" fill="#f8fafc"/>
  <rect width="1440" height="96" fill="${header}"/>
  <circle cx="84" cy="48" r="22" fill="#4f46e5"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${860 + i * 130}" y="40" width="96" height="16" rx="8" fill="${dark ? '#374151' : '#a5b4fc'}"/>`).join('')}
  <rect x="120" y="170" width="700" height="56" rx="12" fill="#1e293b"/>
  <rect x="120" y="250" width="560" height="22" rx="11" fill="#94a3b8"/>
  <rect x="120" y="290" width="500" height="22" rx="11" fill="#94a3b8"/>
  <rect x="120" y="360" width="220" height="64" rx="32" fill="#4f46e5"/>
  <rect x="900" y="150" width="420" height="380" rx="24" fill="#c7d2fe"/>
  <circle cx="1110" cy="340" r="110" fill="#818cf8"/>
  ${cards}
</svg>`;
}

/** A product photo stand-in: a soft background, a "product", its shadow. */
function productSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fef3c7"/>
    <stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
  <rect width="1600" height="1200" fill="url(#g)"/>
  <ellipse cx="800" cy="960" rx="420" ry="60" fill="#000" opacity="0.12"/>
  <rect x="560" y="320" width="480" height="620" rx="60" fill="#0f766e"/>
  <rect x="640" y="240" width="320" height="120" rx="40" fill="#115e59"/>
  <rect x="620" y="520" width="360" height="200" rx="24" fill="#f0fdfa"/>
</svg>`;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const jpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();

/** A PDF of a few pages (a title, paragraphs and a coloured panel each), with Inter embedded. */
async function documentPdf(title: string, pages: [string, string[]][]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('Inter', INTER_REGULAR);
  doc.registerFont('Inter-SemiBold', INTER_SEMIBOLD);
  pages.forEach(([heading, paragraphs], i) => {
    if (i > 0) doc.addPage();
    doc.rect(0, 0, doc.page.width, 12).fill('#4f46e5');
    doc.font('Inter-SemiBold').fontSize(24).fillColor('#111827').text(heading, 64, 80);
    doc.moveDown(1);
    for (const p of paragraphs) doc.font('Inter').fontSize(12).fillColor('#374151').text(p).moveDown(0.8);
    doc.rect(64, 420, doc.page.width - 128, 180).fill(['#e0e7ff', '#ccfbf1', '#fef3c7'][i % 3] ?? '#e0e7ff');
    doc
      .font('Inter')
      .fontSize(9)
      .fillColor('#6b7280')
      .text(`${i + 1} / ${pages.length}`, 64, 750, { lineBreak: false });
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const briefPdf = () =>
  documentPdf('Website relaunch: design brief', [
    [
      'Website relaunch: design brief',
      [
        'Analytical Engines wants a faster, clearer website that explains its products to engineers and buyers alike.',
        'This brief sums up the goals, the audience and the visual direction we agreed in the kick-off.',
      ],
    ],
    [
      'Goals and audience',
      [
        'Engineers look for specifications and downloads; buyers for references and a way to get in touch.',
        'Every page answers one question and leads to one next step. The home page must load in under a second.',
      ],
    ],
    [
      'Visual direction',
      [
        'Indigo as the main colour, teal for actions, generous white space and Inter for all text.',
        'Photography shows the products in use; illustrations explain what photos cannot.',
      ],
    ],
  ]);

const wireframesPdf = () =>
  documentPdf('Mobile app MVP: wireframes', [
    [
      'Wireframes: sign-in and home',
      ['The first screens of the app: signing in, and the home screen with the three main actions.'],
    ],
    ['Wireframes: orders', ['The order list, filters and an order’s detail with its status history.']],
  ]);

const days = (n: number, hours = 0) => new Date(Date.now() - (n * 24 + hours) * 3_600_000);

interface Client {
  id: string;
  name: string;
  email: string;
}

/**
 * Adds the demo files to the demo provider's projects (found by name): pending review, approved by the
 * client, a revision requested with feedback and pins then a second version, a client's upload the
 * provider approved, one the client rejected, and wireframes with a revision requested.
 */
export async function seedDemoFiles(deps: AppDeps, providerId: string): Promise<void> {
  const projects = await deps.sql<{ id: string; name: string; client_id: string }[]>`
    SELECT id, name, client_id FROM projects WHERE provider_id = ${providerId}`;
  const clients = await deps.sql<
    Client[]
  >`SELECT id, name, email FROM clients WHERE provider_id = ${providerId}`;
  const project = (name: string) => projects.find((p) => p.name === name);
  const clientOf = (p: { client_id: string }) => clients.find((c) => c.id === p.client_id);
  const [logos1, logos2, mockup1, mockup2, product, brief, wireframes] = await Promise.all([
    png(logoSvg('first')),
    png(logoSvg('second')),
    png(mockupSvg(false)),
    png(mockupSvg(true)),
    jpeg(productSvg()),
    briefPdf(),
    wireframesPdf(),
  ]);
  // As the API names the provider: the business name.
  const provider = { type: 'provider' as const, name: 'Demo Studio' };
  const asClient = (c: Client) => ({ type: 'client' as const, name: c.name, clientId: c.id });
  const versionOf = (
    bytes: Buffer,
    name: string,
    uploadedBy: DirectVersion['uploadedBy'],
    createdAt: Date,
  ): DirectVersion => {
    const isPdf = name.endsWith('.pdf');
    return {
      bytes,
      name,
      mimeType: isPdf ? 'application/pdf' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
      kind: isPdf ? 'pdf' : 'image',
      uploadedBy,
      createdAt,
    };
  };

  await deps.sql.begin(async (tx) => {
    const versions: { fileId: string; versionId: string }[] = [];
    const ids = (fileId: string) => ({ providerId, fileId });

    const website = project('Website relaunch');
    const ada = website && clientOf(website);
    if (website && ada) {
      // The brief: approved by the client.
      const briefFile = await insertFile(tx, deps.store, {
        providerId,
        projectId: website.id,
        name: 'Design brief.pdf',
        version: versionOf(brief, 'Design brief.pdf', provider, days(9)),
      });
      versions.push(briefFile);
      await insertDecision(tx, {
        ...ids(briefFile.fileId),
        versionId: briefFile.versionId,
        statusAfter: 'client_approved',
        actor: asClient(ada),
        feedback: 'Looks great, exactly what we discussed.',
        createdAt: days(8, 20),
      });

      // The home page: v1 with a revision requested (feedback and pins), v2 waiting for the client.
      const home = await insertFile(tx, deps.store, {
        providerId,
        projectId: website.id,
        name: 'Home page mockup.png',
        version: versionOf(mockup1, 'home-v1.png', provider, days(5)),
      });
      versions.push(home);
      const revision = await insertDecision(tx, {
        ...ids(home.fileId),
        versionId: home.versionId,
        statusAfter: 'revision_requested',
        actor: asClient(ada),
        feedback: 'Nice start! Could we try the darker header, and make the call to action stand out more?',
        createdAt: days(4, 6),
      });
      for (const [x, y, body] of [
        [0.5, 0.04, 'Darker header here, please.'],
        [0.16, 0.38, 'This button should be bigger.'],
      ] as const) {
        await insertPin(tx, {
          ...ids(home.fileId),
          versionId: home.versionId,
          eventId: revision,
          page: 1,
          x,
          y,
          body,
          author: asClient(ada),
          createdAt: days(4, 6),
        });
      }
      const v2 = await insertNextVersion(
        tx,
        deps.store,
        ids(home.fileId),
        versionOf(mockup2, 'home-v2.png', provider, days(1, 3)),
      );
      versions.push({ fileId: home.fileId, versionId: v2.versionId });
    }

    const brand = project('Brand guidelines');
    const brandClient = brand && clientOf(brand);
    if (brand && brandClient) {
      // Logo concepts: the first sheet rejected, the second still waiting.
      const first = await insertFile(tx, deps.store, {
        providerId,
        projectId: brand.id,
        name: 'Logo concepts A.png',
        version: versionOf(logos1, 'logo-concepts-a.png', provider, days(40)),
      });
      versions.push(first);
      await insertDecision(tx, {
        ...ids(first.fileId),
        versionId: first.versionId,
        statusAfter: 'client_rejected',
        actor: asClient(brandClient),
        feedback: 'Too playful for us. We prefer something calmer.',
        createdAt: days(39),
      });
      const second = await insertFile(tx, deps.store, {
        providerId,
        projectId: brand.id,
        name: 'Logo concepts B.png',
        version: versionOf(logos2, 'logo-concepts-b.png', provider, days(2)),
      });
      versions.push(second);
    }

    const app = project('Mobile app MVP');
    const grace = app && clientOf(app);
    if (app && grace) {
      // Wireframes with a revision requested, feedback pinned to page 2.
      const file = await insertFile(tx, deps.store, {
        providerId,
        projectId: app.id,
        name: 'App wireframes.pdf',
        version: versionOf(wireframes, 'app-wireframes.pdf', provider, days(3)),
      });
      versions.push(file);
      const revision = await insertDecision(tx, {
        ...ids(file.fileId),
        versionId: file.versionId,
        statusAfter: 'revision_requested',
        actor: asClient(grace),
        feedback: 'The order list needs a search field, and the filters should stay visible when scrolling.',
        createdAt: days(2, 4),
      });
      await insertPin(tx, {
        ...ids(file.fileId),
        versionId: file.versionId,
        eventId: revision,
        page: 2,
        x: 0.3,
        y: 0.55,
        body: 'A search field here, please.',
        author: asClient(grace),
        createdAt: days(2, 4),
      });
    }

    const shop = project('Onlineshop-Umzug');
    const joerg = shop && clientOf(shop);
    if (shop && joerg) {
      // A client's upload, approved by the provider.
      const photo = await insertFile(tx, deps.store, {
        providerId,
        projectId: shop.id,
        name: 'Produktfoto Beispiel.jpg',
        version: versionOf(product, 'produktfoto.jpg', asClient(joerg), days(6)),
      });
      versions.push(photo);
      await insertDecision(tx, {
        ...ids(photo.fileId),
        versionId: photo.versionId,
        statusAfter: 'approved',
        actor: provider,
        feedback: 'Danke, die Qualität passt für den Shop.',
        createdAt: days(5, 18),
      });
    }

    // The feed's items, from the history just written (the same metadata as the files API records).
    const events = await tx<
      {
        kind: string;
        status_after: FileStatus;
        actor_type: 'provider' | 'client';
        actor_name: string;
        feedback: string | null;
        created_at: Date;
        file_id: string;
        name: string;
        project_id: string;
        number: number;
        pins: number;
      }[]
    >`
      SELECT e.kind, e.status_after, e.actor_type, e.actor_name, e.feedback, e.created_at, f.id AS file_id,
             f.name, f.project_id, v.number,
             (SELECT count(*)::int FROM file_pins p WHERE p.event_id = e.id) AS pins
      FROM file_events e
      JOIN files f ON f.provider_id = e.provider_id AND f.id = e.file_id
      JOIN file_versions v ON v.provider_id = e.provider_id AND v.id = e.version_id
      WHERE e.provider_id = ${providerId}
      ORDER BY e.created_at, e.seq`;
    for (const e of events) {
      const decision = e.kind === 'decision';
      const common = { fileId: e.file_id, fileName: e.name, status: e.status_after, version: e.number };
      const { id } = await recordActivity(tx as Tx, {
        jobs: deps.jobs,
        providerId,
        projectId: e.project_id,
        type: decision ? 'file_approval' : 'file_upload',
        actor: e.actor_type,
        metadata: decision
          ? {
              ...common,
              decision: e.status_after,
              actorName: e.actor_name,
              sender_type: e.actor_type,
              ...(e.feedback ? { feedback: e.feedback.slice(0, 140) } : {}),
              ...(e.pins ? { pins: e.pins } : {}),
            }
          : { ...common, uploaderName: e.actor_name, sender_type: e.actor_type },
      });
      await tx`UPDATE activity_feed SET created_at = ${e.created_at} WHERE id = ${id}`;
    }

    for (const v of versions) {
      await deps.jobs.enqueue(
        tx,
        'process_file_version',
        { providerId, ...v },
        { jobKey: `file-preview:${v.versionId}` },
      );
    }
  });
}
