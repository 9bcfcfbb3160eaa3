import type { Client } from '../../../shared/contracts/clients';
import type { Sql, Tx } from '../../db/client';

/** A clients row joined with its portal, as the client queries select it (`CLIENT_COLUMNS`). */
export interface ClientRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  notes: string | null;
  language: 'en' | 'de';
  billing_street: string | null;
  billing_postcode: string | null;
  billing_city: string | null;
  billing_country: string | null;
  vat_id: string | null;
  buyer_reference: string | null;
  portal_id: string;
  portal_name: string;
  has_password: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The select list for `FROM clients c JOIN client_portals p ON p.id = c.portal_id`. */
export function clientColumns(sql: Sql | Tx) {
  return sql`c.id, c.name, c.email, c.company, c.phone, c.notes, c.language, c.portal_id,
    c.billing_street, c.billing_postcode, c.billing_city, c.billing_country, c.vat_id, c.buyer_reference,
    p.portal_name, c.password_hash IS NOT NULL AS has_password, c.created_at, c.updated_at`;
}

/** Maps a row to the API's Client; the password hash never leaves the database. */
export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    notes: row.notes,
    language: row.language,
    billingStreet: row.billing_street,
    billingPostcode: row.billing_postcode,
    billingCity: row.billing_city,
    billingCountry: row.billing_country,
    vatId: row.vat_id,
    buyerReference: row.buyer_reference,
    portal: { id: row.portal_id, portalName: row.portal_name },
    hasPassword: row.has_password,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Postgres unique violation of the per-portal e-mail constraint. */
export function isEmailTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint_name?: string };
  return e.code === '23505' && e.constraint_name === 'clients_portal_id_email_key';
}
