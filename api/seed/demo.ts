import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password';
import type { AppDeps } from '../http/context';
import { seedDemoBilling } from './demo-billing';
import { seedDemoBooking } from './demo-booking';
import { seedDemoCollaboration } from './demo-collaboration';
import { seedDemoFiles } from './demo-files';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoQuotes } from './demo-quotes';

export const DEMO_EMAIL = 'demo@clientportal.local';

/** The demo portal's clients: name, e-mail, company, language. */
const DEMO_CLIENTS: [string, string, string, 'en' | 'de'][] = [
  ['Ada Demo', 'ada.demo@example.com', 'Analytical Engines (demo)', 'en'],
  ['Grace Demo', 'grace.demo@example.com', 'Compiler Works (demo)', 'en'],
  ['Jörg Demo', 'joerg.demo@example.com', 'Beispiel GmbH (Demo)', 'de'],
];

/**
 * Demo data for a new embedded database: a verified provider whose generated password is printed once.
 * It has a branded portal with three clients and projects in several statuses with conversations and
 * activity (`demo-collaboration.ts`), and files in several review states with versions, feedback and pins
 * (`demo-files.ts`), invoices in every status with a credit note, legally complete with their e-invoices
 * (`demo-invoices.ts`), an open and an accepted quote (`demo-quotes.ts`), and a monthly recurring invoice,
 * payment reminders on (with the ones sent so far) and a part-paid invoice (`demo-billing.ts`), and two
 * booking types with a holiday (`demo-booking.ts`).
 * @returns the generated credentials, or undefined when the database already had users
 */
export async function seedIfFirstRun(deps: AppDeps, opts: { force?: boolean } = {}) {
  const [{ count } = { count: 0 }] = await deps.sql<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM users`;
  if (count > 0 && !opts.force) return undefined;
  const [existing] = await deps.sql`SELECT 1 FROM users WHERE email = ${DEMO_EMAIL}`;
  if (existing) {
    deps.log.info({ email: DEMO_EMAIL }, 'demo provider already exists; nothing seeded');
    return undefined;
  }
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const providerId = await deps.sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      INSERT INTO users (email, password_hash, email_verified_at)
      VALUES (${DEMO_EMAIL}, ${passwordHash}, now())
      RETURNING id`;
    await tx`
      INSERT INTO profiles (user_id, full_name, business_name, website, preferred_language)
      VALUES (${user?.id ?? null}, 'Demo Provider', 'Demo Studio', 'https://example.com', 'en')`;
    // One branded portal with three clients, all demo data of the demo account (example.com addresses).
    const [portal] = await tx<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name, primary_color, secondary_color, allowed_origins)
      VALUES (${user?.id ?? null}, 'Demo Studio Portal', '#4f46e5', '#0f766e', ${['https://example.com']})
      RETURNING id`;
    for (const [name, email, company, language] of DEMO_CLIENTS) {
      await tx`
        INSERT INTO clients (provider_id, portal_id, name, email, company, language, notes)
        VALUES (${user?.id ?? null}, ${portal?.id ?? null}, ${name}, ${email}, ${company}, ${language},
                'Demo client of the demo account.')`;
    }
    if (!user) throw new Error('the demo provider was not created');
    return user.id;
  });
  await seedDemoCollaboration(deps, providerId);
  await seedDemoFiles(deps, providerId);
  await seedDemoInvoices(deps, providerId);
  await seedDemoQuotes(deps, providerId);
  await seedDemoBilling(deps, providerId);
  await seedDemoBooking(deps, providerId);
  const banner = [
    '',
    '  Demo provider account (shown once, write it down):',
    `    e-mail:   ${DEMO_EMAIL}`,
    `    password: ${password}`,
    '',
  ].join('\n');
  process.stdout.write(`${banner}\n`);
  return { email: DEMO_EMAIL, password };
}
