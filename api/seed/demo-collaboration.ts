import type { ClientScope, ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { sendMessage } from '../services/messages/messages';
import { createProject } from '../services/projects/manage-projects';

/** A demo project: its client (by e-mail), fields, and its conversation (who wrote what, oldest first). */
interface DemoProject {
  client: string;
  name: string;
  status: 'planning' | 'in_progress' | 'on_hold' | 'completed' | 'cancelled';
  budgetCents: number | null;
  startDate: string | null;
  endDate: string | null;
  description: string;
  budgetVisibleToClient?: boolean;
  conversation: ['provider' | 'client', string][];
}

const DEMO_PROJECTS: DemoProject[] = [
  {
    client: 'ada.demo@example.com',
    name: 'Website relaunch',
    status: 'in_progress',
    budgetCents: 1_250_000,
    startDate: '2026-11-02',
    endDate: '2027-01-29',
    description: 'New design, content migration and a faster site on the new stack.',
    budgetVisibleToClient: true,
    conversation: [
      [
        'provider',
        'Hi Ada, the first design drafts for the home page are ready. Shall we walk through them on Thursday?',
      ],
      ['client', 'Thursday works. Could you also bring a version with the darker header?'],
      ['provider', 'Will do. I also moved the old blog posts over, 142 of 150 so far.'],
      [
        'client',
        'Great progress! The team loved the typography.\nOne question: can the contact form send to two addresses?',
      ],
    ],
  },
  {
    client: 'ada.demo@example.com',
    name: 'Brand guidelines',
    status: 'completed',
    budgetCents: 420_000,
    startDate: '2026-09-01',
    endDate: '2026-10-15',
    description: 'Logo usage, colours and typography in one document.',
    conversation: [
      ['provider', 'The final guidelines are done: logo, colours, typography and examples.'],
      ['client', 'Approved. Thank you, this was a pleasure.'],
    ],
  },
  {
    client: 'grace.demo@example.com',
    name: 'Mobile app MVP',
    status: 'planning',
    budgetCents: 2_400_000,
    startDate: '2027-01-11',
    endDate: null,
    description: 'Scope, wireframes and a clickable prototype for the first release.',
    conversation: [['client', 'Here is our feature wish list. What would you cut for a first version?']],
  },
  {
    client: 'joerg.demo@example.com',
    name: 'Onlineshop-Umzug',
    status: 'on_hold',
    budgetCents: 860_000,
    startDate: '2026-10-05',
    endDate: '2026-12-18',
    description: 'Umzug des Shops auf das neue System, inklusive Produktdaten.',
    conversation: [
      [
        'provider',
        'Hallo Jörg, wir warten noch auf den Export der Produktdaten. Sobald er da ist, geht es weiter.',
      ],
      ['client', 'Danke! Der Export kommt nächste Woche, unsere IT ist gerade ausgelastet.'],
    ],
  },
];

/**
 * The demo account's projects in several statuses, with conversations and their activity, written
 * through the same services as the product (so the feed, unread counts and notifications are real),
 * then spread over the past days so the demo reads like ongoing work.
 */
export async function seedDemoCollaboration(deps: AppDeps, providerId: string): Promise<void> {
  const provider: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const clients = await deps.sql<{ id: string; email: string; name: string; portal_id: string }[]>`
    SELECT id, email, name, portal_id FROM clients WHERE provider_id = ${providerId}`;
  for (const demo of DEMO_PROJECTS) {
    const client = clients.find((c) => c.email === demo.client);
    if (!client) continue;
    const project = await createProject(deps, provider, {
      name: demo.name,
      clientId: client.id,
      status: demo.status,
      budgetCents: demo.budgetCents,
      startDate: demo.startDate,
      endDate: demo.endDate,
      description: demo.description,
      internalNotes: null,
      budgetVisibleToClient: demo.budgetVisibleToClient ?? false,
    });
    const asClient: ClientScope = {
      kind: 'client',
      providerId,
      portalId: client.portal_id,
      clientId: client.id,
      clientName: client.name,
      sessionId: '',
    };
    for (const [side, body] of demo.conversation) {
      await sendMessage(deps, side === 'provider' ? provider : asClient, project.id, {
        clientMessageId: crypto.randomUUID(),
        body,
      });
    }
  }
  // Spread what was just written over the last days, newest last, 3 hours apart.
  await deps.sql`
    UPDATE messages m SET created_at = now() - (r.n * interval '3 hours')
    FROM (SELECT id, row_number() OVER (ORDER BY seq DESC) - 1 AS n FROM messages WHERE provider_id = ${providerId}) r
    WHERE m.id = r.id`;
  // …and the waits the database noted on the replies (0033) with them.
  await deps.sql`
    UPDATE messages r SET wait_started_at = (
      SELECT w.created_at FROM messages w
      WHERE w.provider_id = r.provider_id AND w.project_id = r.project_id AND w.seq < r.seq AND w.opens_wait
      ORDER BY w.seq DESC LIMIT 1)
    WHERE r.provider_id = ${providerId} AND r.wait_started_at IS NOT NULL`;
  await deps.sql`
    UPDATE activity_feed a SET created_at = now() - (r.n * interval '3 hours')
    FROM (SELECT id, row_number() OVER (ORDER BY seq DESC) - 1 AS n FROM activity_feed WHERE provider_id = ${providerId}) r
    WHERE a.id = r.id`;
}
