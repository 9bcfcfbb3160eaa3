import { randomUUID } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { FileDecisionValue } from '../../shared/contracts/files';
import type { ClientScope, ProviderScope, Scope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { addVersion, createFile, decideFile } from '../services/files/files';
import { storeFileBytes } from '../services/files/upload';
import { fileVersionKey } from '../storage/keys';

/*
 * The demo account's files (issue 20): deliverables and client material in several review states, with
 * a second version, feedback and pins, written through the same services as the product (so the history,
 * the activity feed and the preview jobs are real). The bytes are made here: images by sharp, PDFs by
 * pdf-lib.
 */

/** A simple image: a coloured canvas with a header band and a title. */
async function demoImage(title: string, colour: string, format: 'png' | 'jpeg', header = '#1f2937') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${colour}"/>
    <rect width="1200" height="140" fill="${header}"/>
    <rect x="80" y="240" width="620" height="60" rx="8" fill="#ffffff" opacity="0.9"/>
    <rect x="80" y="330" width="480" height="28" rx="6" fill="#ffffff" opacity="0.7"/>
    <rect x="80" y="380" width="520" height="28" rx="6" fill="#ffffff" opacity="0.7"/>
    <rect x="780" y="240" width="340" height="420" rx="16" fill="#ffffff" opacity="0.5"/>
    <text x="80" y="90" font-family="sans-serif" font-size="48" fill="#ffffff">${title}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A PDF of `pages` pages with a title and a few lines each. */
async function demoPdf(title: string, lines: string[], pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(title, { x: 56, y: 770, size: 24, font: bold, color: rgb(0.12, 0.16, 0.22) });
    lines.forEach((line, i) => {
      page.drawText(line, { x: 56, y: 720 - i * 22, size: 12, font });
    });
    page.drawText(`${p} / ${pages}`, { x: 520, y: 40, size: 10, font });
  }
  return doc.save();
}

interface DemoFile {
  project: string;
  by: 'provider' | 'client';
  name: string;
  bytes: () => Promise<Uint8Array>;
  /** Decisions by the other side, each on the then latest version; `next` uploads a new version after it. */
  steps: (
    | { decide: FileDecisionValue; feedback?: string; pins?: { x: number; y: number; body: string }[] }
    | { next: () => Promise<Uint8Array>; name: string }
  )[];
}

/**
 * The demo account's files. Project names and client e-mails are those of `demo-collaboration.ts`
 * (English for Ada, German for Jörg).
 */
const DEMO_FILES: { client: string; files: DemoFile[] }[] = [
  {
    client: 'ada.demo@example.com',
    files: [
      {
        project: 'Website relaunch',
        by: 'provider',
        name: 'Home page design.png',
        bytes: () => demoImage('Home page – draft 1', '#6366f1', 'png', '#a5b4fc'),
        steps: [
          {
            decide: 'revision_requested',
            feedback: 'Lovely layout! Could the header be darker, as in our brand colours?',
            pins: [{ x: 0.5, y: 0.08, body: 'This header: darker, please.' }],
          },
          { next: () => demoImage('Home page – draft 2', '#6366f1', 'png'), name: 'Home page design v2.png' },
        ],
      },
      {
        project: 'Website relaunch',
        by: 'provider',
        name: 'Sitemap.pdf',
        bytes: () =>
          demoPdf('Sitemap', ['Home', 'About us', 'Services', 'Blog (142 posts moved)', 'Contact'], 1),
        steps: [{ decide: 'client_approved', feedback: 'Looks complete, thank you.' }],
      },
      {
        project: 'Website relaunch',
        by: 'client',
        name: 'Team photo.jpg',
        bytes: () => demoImage('Team photo', '#0f766e', 'jpeg'),
        steps: [],
      },
      {
        project: 'Website relaunch',
        by: 'client',
        name: 'Old logo.png',
        bytes: () => demoImage('Old logo', '#b45309', 'png'),
        steps: [
          {
            decide: 'rejected',
            feedback: 'This one is too small for print. Could you send the original vector file as a PDF?',
          },
        ],
      },
      {
        project: 'Brand guidelines',
        by: 'provider',
        name: 'Brand guidelines.pdf',
        bytes: () =>
          demoPdf(
            'Brand guidelines',
            ['Logo usage and clear space', 'Colours: indigo, teal, slate', 'Typography: Inter'],
            3,
          ),
        steps: [{ decide: 'client_approved', feedback: 'Approved. This was a pleasure.' }],
      },
    ],
  },
  {
    client: 'joerg.demo@example.com',
    files: [
      {
        project: 'Onlineshop-Umzug',
        by: 'provider',
        name: 'Zeitplan Umzug.pdf',
        bytes: () =>
          demoPdf('Zeitplan Umzug', ['Woche 1: Export der Produktdaten', 'Woche 2: Import und Prüfung'], 1),
        steps: [
          {
            decide: 'client_rejected',
            feedback: 'Der Export kommt erst nächste Woche, bitte den Zeitplan um eine Woche verschieben.',
          },
        ],
      },
    ],
  },
];

/** Seeds the demo account's files (see DEMO_FILES) through the files services. */
export async function seedDemoFiles(deps: AppDeps, providerId: string): Promise<void> {
  const provider: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  for (const { client: email, files } of DEMO_FILES) {
    const [client] = await deps.sql<{ id: string; name: string; portal_id: string }[]>`
      SELECT id, name, portal_id FROM clients WHERE provider_id = ${providerId} AND email = ${email}`;
    if (!client) continue;
    const asClient: ClientScope = {
      kind: 'client',
      providerId,
      portalId: client.portal_id,
      clientId: client.id,
      clientName: client.name,
      sessionId: '',
    };
    const projects = await deps.sql<{ id: string; name: string }[]>`
      SELECT id, name FROM projects WHERE provider_id = ${providerId} AND client_id = ${client.id}`;
    for (const demo of files) {
      const project = projects.find((p) => p.name === demo.project);
      if (!project) continue;
      const uploader: Scope = demo.by === 'provider' ? provider : asClient;
      const decider: Scope = demo.by === 'provider' ? asClient : provider;
      const fileId = randomUUID();
      const store = async (name: string, bytes: Uint8Array) => {
        const versionId = randomUUID();
        const key = fileVersionKey(providerId, fileId, versionId);
        return { versionId, upload: await storeFileBytes(deps.store, key, name, bytes, deps.log) };
      };
      const first = await store(demo.name, await demo.bytes());
      const created = await createFile(
        deps,
        uploader,
        project.id,
        { fileId, versionId: first.versionId },
        first.upload,
      );
      let latest = created.latestVersion.id;
      for (const step of demo.steps) {
        if ('next' in step) {
          const next = await store(step.name, await step.next());
          const detail = await addVersion(deps, uploader, { fileId, versionId: next.versionId }, next.upload);
          latest = detail.file.latestVersion.id;
        } else {
          await decideFile(deps, decider, fileId, {
            versionId: latest,
            decision: step.decide,
            feedback: step.feedback,
            pins: (step.pins ?? []).map((pin) => ({ page: 1, ...pin })),
          });
        }
      }
    }
  }
}
