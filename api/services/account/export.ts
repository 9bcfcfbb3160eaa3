import { planStateOf } from '../../auth/plan-gate';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * "Export your data" (spec §1: after the trial the provider keeps read access and export of their data).
 * Everything the provider owns, as one JSON document, written piece by piece: the big lists are read in
 * keyset pages of EXPORT_PAGE_ROWS (each a short query on a `(provider_id, …)` index, so no connection or
 * transaction is held while a slow client downloads, which matters on the embedded database where one
 * transaction blocks the socket), and the response stream pulls the next piece only when the previous
 * one was taken, so memory stays bounded by one page whatever the account's size.
 *
 * Only the provider's own rows (every query filters on the scope's provider id), and never a secret: no
 * password hashes (a client's is a flag), no session or link tokens, no Stripe keys (their last four
 * characters only), no domain verification tokens, no widget secrets, no storage keys. Files are their
 * metadata (names, versions, statuses, events, pins), not their bytes.
 */

export const EXPORT_PAGE_ROWS = 500;
export const EXPORT_FORMAT_VERSION = 1;

/** `client-portal-export-2026-11-26.json` (the UTC date of the export). */
export const exportFileName = (now: Date) => `client-portal-export-${now.toISOString().slice(0, 10)}.json`;

type Row = Record<string, unknown>;

/** Yields the rows of a keyset-paged query, one page in memory at a time. */
async function* paged<K>(
  load: (after: K | null) => Promise<Row[]>,
  keyOf: (row: Row) => K,
): AsyncGenerator<Row> {
  let after: K | null = null;
  for (;;) {
    const rows = await load(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

/** Yields a JSON array's text from rows, `enrich` adding a page's nested data (versions, lines…). */
async function* jsonArray(
  rows: AsyncGenerator<Row>,
  enrich?: (page: Row[]) => Promise<void>,
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  let page: Row[] = [];
  const flush = async function* () {
    if (enrich) await enrich(page);
    for (const row of page) {
      yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
      first = false;
    }
    page = [];
  };
  for await (const row of rows) {
    page.push(row);
    if (page.length >= EXPORT_PAGE_ROWS) yield* flush();
  }
  yield* flush();
  yield '\n]';
}

/** Groups child rows by a key column and removes that column. */
function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const { [key]: id, ...rest } of rows) {
    const list = groups.get(id);
    if (list) list.push(rest);
    else groups.set(id, [rest]);
  }
  return groups;
}

const ids = (page: Row[]) => page.map((row) => row.id as string);

/**
 * The export document's text in pieces, for a streamed response. Throws `not_found` before the first
 * piece when the account is gone (deleted meanwhile).
 * @example const pieces = await exportAccount(sql, providerScope(c), now(), billingOf(config)); for await (const s of pieces) …
 */
export async function exportAccount(
  sql: Sql,
  scope: ProviderScope,
  now: Date,
  billing: boolean,
): Promise<AsyncGenerator<string>> {
  const [account] = await sql<Row[]>`
    SELECT u.id, u.email, u.email_verified_at IS NOT NULL AS "emailVerified", u.trial_ends_at AS "trialEndsAt",
           u.plan, u.created_at AS "createdAt"
    FROM users u WHERE ${ownedBy(sql, scope, 'u.id')}`;
  if (!account) throw new ApiError('not_found');
  account.plan = planStateOf(account.plan as string, new Date(account.trialEndsAt as Date), now, billing);
  return documentPieces(sql, scope, account, now);
}

async function* documentPieces(
  sql: Sql,
  scope: ProviderScope,
  account: Row,
  now: Date,
): AsyncGenerator<string> {
  const [profile] = await sql<Row[]>`
    SELECT full_name AS "fullName", business_name AS "businessName", website,
           preferred_language AS "preferredLanguage", currency, time_zone AS "timeZone", created_at AS "createdAt", updated_at AS "updatedAt"
    FROM profiles WHERE ${ownedBy(sql, scope, 'user_id')}`;
  const [invoiceSettings] = await sql<Row[]>`
    SELECT number_prefix AS "numberPrefix", next_number AS "nextNumber", credit_note_prefix AS "creditNotePrefix",
           next_credit_note_number AS "nextCreditNoteNumber", legal_name AS "legalName",
           street, postcode, city, country, tax_number AS "taxNumber", vat_id AS "vatId", tax_mode AS "taxMode",
           business_note AS "businessNote", payment_instructions AS "paymentInstructions", footer_note AS "footerNote",
           default_due_days AS "defaultDueDays", default_tax_rate_bp AS "defaultTaxRateBp", updated_at AS "updatedAt"
    FROM invoice_settings WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  const [stripe] = await sql<Row[]>`
    SELECT account_id AS "accountId", account_name AS "accountName", livemode, secret_key_last4 AS "keyLast4",
           connected_at AS "connectedAt"
    FROM stripe_connections WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  const [subscription] = await sql<Row[]>`
    SELECT status, current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
           updated_at AS "updatedAt"
    FROM plan_subscriptions WHERE ${ownedBy(sql, scope, 'user_id')}`;

  const head = {
    format: 'client-portal-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account,
    profile: profile ?? null,
    plan: subscription ?? null,
    invoiceSettings: invoiceSettings ?? null,
    stripeConnection: stripe ?? null,
  };
  // The head's closing brace is replaced by the lists that follow.
  yield JSON.stringify(head, null, 1).replace(/\n}$/, '');

  yield ',\n "portals": ';
  yield* jsonArray(
    paged<string>(
      (after) => sql<Row[]>`
        SELECT id, portal_name AS name, primary_color AS "primaryColor", secondary_color AS "secondaryColor",
               logo_path IS NOT NULL AS "hasLogo", custom_domain AS "customDomain", domain_status AS "domainStatus",
               allowed_origins AS "allowedOrigins", created_at AS "createdAt", updated_at AS "updatedAt"
        FROM client_portals
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after ? sql`AND id > ${after}` : sql``}
        ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.id as string,
    ),
  );

  yield ',\n "clients": ';
  yield* jsonArray(
    paged<string>(
      (after) => sql<Row[]>`
        SELECT id, portal_id AS "portalId", name, email, company, phone, notes, language,
               billing_street AS "billingStreet", billing_postcode AS "billingPostcode",
               billing_city AS "billingCity", billing_country AS "billingCountry", vat_id AS "vatId",
               buyer_reference AS "buyerReference", password_hash IS NOT NULL AS "hasPassword", created_at AS "createdAt", updated_at AS "updatedAt"
        FROM clients
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after ? sql`AND id > ${after}` : sql``}
        ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.id as string,
    ),
  );

  yield ',\n "projects": ';
  yield* jsonArray(
    paged<string>(
      (after) => sql<Row[]>`
        SELECT id, client_id AS "clientId", name, description, status, budget_cents::float8 AS "budgetCents",
               budget_visible_to_client AS "budgetVisibleToClient", internal_notes AS "internalNotes",
               start_date::text AS "startDate", end_date::text AS "endDate",
               created_at AS "createdAt", updated_at AS "updatedAt"
        FROM projects
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after ? sql`AND id > ${after}` : sql``}
        ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.id as string,
    ),
  );

  yield ',\n "messages": ';
  yield* jsonArray(
    paged<{ projectId: string; seq: number }>(
      (after) => sql<Row[]>`
        SELECT id, project_id AS "projectId", seq::float8 AS seq, sender_type AS "senderType",
               sender_client_id AS "senderClientId", sender_name AS "senderName", body, created_at AS "createdAt"
        FROM messages
        WHERE ${ownedBy(sql, scope, 'provider_id')}
          ${after ? sql`AND (project_id, seq) > (${after.projectId}, ${after.seq})` : sql``}
        ORDER BY project_id, seq LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => ({ projectId: row.projectId as string, seq: row.seq as number }),
    ),
  );

  yield ',\n "files": ';
  yield* jsonArray(
    paged<string>(
      (after) => sql<Row[]>`
        SELECT id, project_id AS "projectId", name, status, uploaded_by AS "uploadedBy",
               uploader_client_id AS "uploaderClientId", latest_version AS "latestVersion",
               created_at AS "createdAt", updated_at AS "updatedAt"
        FROM files
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after ? sql`AND id > ${after}` : sql``}
        ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.id as string,
    ),
    async (page) => {
      if (page.length === 0) return;
      const fileIds = ids(page);
      const versions = groupBy(
        await sql<Row[]>`
          SELECT file_id, id, number, original_name AS "originalName", size_bytes::float8 AS "sizeBytes",
                 mime_type AS "mimeType", kind, uploaded_by_type AS "uploadedByType",
                 uploaded_by_name AS "uploadedByName", uploaded_by_client_id AS "uploadedByClientId",
                 page_count AS "pageCount", width, height, created_at AS "createdAt"
          FROM file_versions WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ANY(${fileIds}::uuid[])
          ORDER BY file_id, number`,
        'file_id',
      );
      const events = groupBy(
        await sql<Row[]>`
          SELECT file_id, id, version_id AS "versionId", kind, status_before AS "statusBefore",
                 status_after AS "statusAfter", actor_type AS "actorType", actor_name AS "actorName",
                 actor_client_id AS "actorClientId", feedback, created_at AS "createdAt"
          FROM file_events WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ANY(${fileIds}::uuid[])
          ORDER BY file_id, seq`,
        'file_id',
      );
      const pins = groupBy(
        await sql<Row[]>`
          SELECT file_id, id, version_id AS "versionId", event_id AS "eventId", page, x, y, body,
                 author_type AS "authorType", author_name AS "authorName", author_client_id AS "authorClientId",
                 created_at AS "createdAt"
          FROM file_pins WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ANY(${fileIds}::uuid[])
          ORDER BY file_id, seq`,
        'file_id',
      );
      for (const file of page) {
        file.versions = versions.get(file.id) ?? [];
        file.events = events.get(file.id) ?? [];
        file.pins = pins.get(file.id) ?? [];
      }
    },
  );

  yield ',\n "invoices": ';
  yield* jsonArray(
    paged<string>(
      (after) => sql<Row[]>`
        SELECT id, number, status, client_id AS "clientId", project_id AS "projectId", currency, language,
               subtotal_cents::float8 AS "subtotalCents", tax_cents::float8 AS "taxCents",
               amount_cents::float8 AS "amountCents", description, due_date::text AS "dueDate",
               issued_at AS "issuedAt", paid_at AS "paidAt", paid_on::text AS "paidOn", paid_via AS "paidVia",
               cancelled_at AS "cancelledAt", supply_date::text AS "supplyDate", supply_from::text AS "supplyFrom",
               supply_to::text AS "supplyTo", tax_mode AS "taxMode", parties,
               stripe_invoice_id AS "stripeInvoiceId", stripe_hosted_url AS "stripeHostedUrl",
               created_at AS "createdAt", updated_at AS "updatedAt"
        FROM invoices
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after ? sql`AND id > ${after}` : sql``}
        ORDER BY id LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.id as string,
    ),
    async (page) => {
      if (page.length === 0) return;
      const invoiceIds = ids(page);
      const lines = groupBy(
        await sql<Row[]>`
          SELECT invoice_id, position, description, quantity_milli::float8 AS "quantityMilli",
                 unit_price_cents::float8 AS "unitPriceCents", tax_rate_bp AS "taxRateBp",
                 amount_cents::float8 AS "amountCents", unit, vat_category AS "vatCategory",
                 exemption_reason AS "exemptionReason"
          FROM invoice_lines WHERE ${ownedBy(sql, scope, 'provider_id')} AND invoice_id = ANY(${invoiceIds}::uuid[])
          ORDER BY invoice_id, position`,
        'invoice_id',
      );
      const notes = groupBy(
        await sql<Row[]>`
          SELECT invoice_id, id, number, reason, amount_cents::float8 AS "amountCents", created_at AS "createdAt"
          FROM credit_notes WHERE ${ownedBy(sql, scope, 'provider_id')} AND invoice_id = ANY(${invoiceIds}::uuid[])`,
        'invoice_id',
      );
      for (const invoice of page) {
        invoice.lines = lines.get(invoice.id) ?? [];
        invoice.creditNote = notes.get(invoice.id)?.[0] ?? null;
      }
    },
  );

  yield ',\n "activity": ';
  yield* jsonArray(
    paged<number>(
      (after) => sql<Row[]>`
        SELECT id, seq::float8 AS seq, activity_type AS type, project_id AS "projectId", client_id AS "clientId",
               metadata, client_visible AS "clientVisible", created_at AS "createdAt"
        FROM activity_feed
        WHERE ${ownedBy(sql, scope, 'provider_id')} ${after !== null ? sql`AND seq < ${after}` : sql``}
        ORDER BY seq DESC LIMIT ${EXPORT_PAGE_ROWS}`,
      (row) => row.seq as number,
    ),
  );
  yield '\n}\n';
}
