import type { z } from 'zod';
import type { Client, ClientCreateInput, ClientUpdateInput } from '../../../shared/contracts/clients';
import { revokeClientMagicLinks } from '../../auth/portal-client/magic-link';
import { endClientSessions } from '../../auth/portal-client/portal-session';
import { ownedBy, type ProviderScope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { queueClientDeleted, queueClientEvent } from '../../integrations/webhooks/client-events';
import type { JobQueue } from '../../jobs/queue';
import { queueFileStorageDeletion } from '../files/file-storage';
import { type ClientRow, clientColumns, isEmailTaken, toClient } from './client-view';

type CreateInput = z.output<typeof ClientCreateInput>;
type UpdateInput = z.output<typeof ClientUpdateInput>;

/** One client of the provider (`not_found` for anyone else's). */
export async function findClient(sql: Sql | Tx, scope: ProviderScope, clientId: string): Promise<Client> {
  const [row] = await sql<ClientRow[]>`
    SELECT ${clientColumns(sql)}
    FROM clients c JOIN client_portals p ON p.id = c.portal_id
    WHERE ${tenant(sql, scope, { provider: 'c.provider_id', client: 'c.id' })} AND c.id = ${clientId}`;
  if (!row) throw new ApiError('not_found');
  return toClient(row);
}

/**
 * Adds a client to one of the provider's portals. The INSERT … SELECT finds the portal with the
 * provider in its `where`, so a portal id of another provider inserts nothing and answers 404.
 * Its `client.created` webhook event is queued in the same transaction.
 * @throws `client_email_taken` when the portal already has a client with this e-mail
 */
export async function createClient(
  { sql, jobs }: { sql: Sql; jobs: Pick<JobQueue, 'enqueue'> },
  scope: ProviderScope,
  input: CreateInput,
  now: Date,
) {
  try {
    const id = await sql.begin(async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        INSERT INTO clients (provider_id, portal_id, name, email, company, phone, notes, language,
                             billing_street, billing_postcode, billing_city, billing_country, vat_id,
                             buyer_reference, created_at, updated_at)
        SELECT ${scope.providerId}, p.id, ${input.name}, ${input.email}, ${input.company ?? null},
               ${input.phone ?? null}, ${input.notes ?? null}, ${input.language ?? 'en'},
               ${input.billingStreet ?? null}, ${input.billingPostcode ?? null}, ${input.billingCity ?? null},
               ${input.billingCountry ?? null}, ${input.vatId ?? null}, ${input.buyerReference ?? null}, ${now}, ${now}
        FROM client_portals p WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${input.portalId}
        RETURNING id`;
      if (!row) throw new ApiError('not_found');
      await queueClientEvent(tx, jobs, scope.providerId, 'client.created', row.id);
      return row.id;
    });
    return findClient(sql, scope, id);
  } catch (err) {
    if (isEmailTaken(err)) throw new ApiError('client_email_taken');
    throw err;
  }
}

/**
 * Changes only the fields sent; moving a client to another portal checks that portal is the
 * provider's too (the composite foreign key refuses anything else as well).
 *
 * A new e-mail address ends the client's access in the same transaction: their unused magic links
 * (invitations included) are voided, their portal sessions end, and their password is removed. The
 * provider cannot know that the new address belongs to the same person (it may fix a typo that sent the
 * invitation to a stranger), so nothing proven through the old address carries over: the client signs in
 * by a magic link to the new address (an invitation, or one they ask for) and sets a password again.
 * Its `client.updated` webhook event is queued in the same transaction.
 */
export async function updateClient(
  { sql, jobs }: { sql: Sql; jobs: Pick<JobQueue, 'enqueue'> },
  scope: ProviderScope,
  clientId: string,
  input: UpdateInput,
  now: Date,
): Promise<Client> {
  const set = (key: keyof UpdateInput) => input[key] !== undefined;
  try {
    await sql.begin(async (tx) => {
      const [before] = await tx<{ email: string }[]>`
        SELECT email FROM clients WHERE ${tenant(tx, scope, { provider: 'provider_id', client: 'id' })} AND id = ${clientId} FOR UPDATE`;
      if (!before) throw new ApiError('not_found');
      const newEmail = set('email') && input.email !== before.email;
      const [row] = await tx`
        UPDATE clients c SET
          name = ${set('name') ? (input.name ?? null) : tx`c.name`},
          email = ${set('email') ? (input.email ?? null) : tx`c.email`},
          company = ${set('company') ? (input.company ?? null) : tx`c.company`},
          phone = ${set('phone') ? (input.phone ?? null) : tx`c.phone`},
          notes = ${set('notes') ? (input.notes ?? null) : tx`c.notes`},
          language = ${set('language') ? (input.language ?? 'en') : tx`c.language`},
          billing_street = ${set('billingStreet') ? (input.billingStreet ?? null) : tx`c.billing_street`},
          billing_postcode = ${set('billingPostcode') ? (input.billingPostcode ?? null) : tx`c.billing_postcode`},
          billing_city = ${set('billingCity') ? (input.billingCity ?? null) : tx`c.billing_city`},
          billing_country = ${set('billingCountry') ? (input.billingCountry ?? null) : tx`c.billing_country`},
          vat_id = ${set('vatId') ? (input.vatId ?? null) : tx`c.vat_id`},
          buyer_reference = ${set('buyerReference') ? (input.buyerReference ?? null) : tx`c.buyer_reference`},
          portal_id = ${set('portalId') ? (input.portalId ?? null) : tx`c.portal_id`},
          password_hash = ${newEmail ? null : tx`c.password_hash`},
          updated_at = ${now}
        WHERE ${tenant(tx, scope, { provider: 'c.provider_id', client: 'c.id' })} AND c.id = ${clientId}
          ${
            set('portalId')
              ? tx`AND EXISTS (SELECT 1 FROM client_portals p
                                WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${input.portalId ?? null})`
              : tx``
          }
        RETURNING c.id`;
      if (!row) throw new ApiError('not_found');
      if (newEmail) {
        await revokeClientMagicLinks(tx, clientId);
        await endClientSessions(tx, scope.providerId, clientId);
      }
      await queueClientEvent(tx, jobs, scope.providerId, 'client.updated', clientId);
    });
  } catch (err) {
    if (isEmailTaken(err)) throw new ApiError('client_email_taken');
    throw err;
  }
  return findClient(sql, scope, clientId);
}

/**
 * Deletes a client; its projects, files, invoices, magic links and portal events go with it (foreign keys
 * cascade; the files' stored bytes by a job queued in the same transaction), in one transaction that first
 * counts what goes. Its `client.deleted` webhook event (the client as it was) is queued in it too.
 */
export async function deleteClient(
  { sql, jobs }: { sql: Sql; jobs: JobQueue },
  scope: ProviderScope,
  clientId: string,
) {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ projects: number; invoices: number }[]>`
      SELECT
        (SELECT count(*)::int FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND client_id = c.id) AS projects,
        (SELECT count(*)::int FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND client_id = c.id) AS invoices
      FROM clients c WHERE ${tenant(tx, scope, { provider: 'c.provider_id', client: 'c.id' })} AND c.id = ${clientId}
      FOR UPDATE`;
    if (!row) throw new ApiError('not_found');
    await queueClientDeleted(tx, jobs, scope.providerId, await findClient(tx, scope, clientId));
    await queueFileStorageDeletion(tx, jobs, scope, { clientId });
    await tx`DELETE FROM clients WHERE ${tenant(tx, scope, { provider: 'provider_id', client: 'id' })} AND id = ${clientId}`;
    return { projects: row.projects, invoices: row.invoices };
  });
}
