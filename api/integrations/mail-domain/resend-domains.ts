import { type DomainRecords, Resend } from 'resend';
import {
  MAIL_DOMAIN_STATUSES,
  type MailDomainRecord,
  type MailDomainStatus,
} from '../../../shared/contracts/integrations';
import type { Config } from '../../config';
import { ApiError } from '../../http/errors';

/*
 * The provider's sending domain at Resend, through the `resend` SDK's domains API (create, get, verify,
 * remove) with the platform's key (`RESEND_API_KEY`, `RESEND_BASE_URL`: the tests' stand-in). Resend's
 * answers become our shapes here; its refusals our error vocabulary.
 */

export interface ResendDomain {
  id: string;
  name: string;
  status: MailDomainStatus;
  records: MailDomainRecord[];
}

/** What a domain call failed with: Resend refused the input, does not know the domain, or failed. */
export class ResendDomainError extends Error {
  constructor(
    readonly kind: 'refused' | 'not_found' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

const statusOf = (value: unknown): MailDomainStatus =>
  MAIL_DOMAIN_STATUSES.includes(value as MailDomainStatus) ? (value as MailDomainStatus) : 'pending';

function recordOf(record: DomainRecords): MailDomainRecord {
  const priority = 'priority' in record ? record.priority : undefined;
  return {
    record: record.record,
    type: record.type,
    name: record.name,
    value: record.value,
    ttl: record.ttl ?? null,
    priority: typeof priority === 'number' ? priority : null,
    status: statusOf(record.status),
  };
}

function failure(error: { name?: string; message?: string; statusCode?: number | null }): ResendDomainError {
  const status = error.statusCode ?? 0;
  const message = `${error.name ?? 'error'}: ${error.message ?? ''}`;
  if (status === 404) return new ResendDomainError('not_found', message);
  if (status >= 400 && status < 500 && status !== 429) return new ResendDomainError('refused', message);
  return new ResendDomainError('unavailable', message);
}

export interface ResendDomains {
  create(name: string): Promise<ResendDomain>;
  get(id: string): Promise<ResendDomain>;
  /** Asks Resend to look the records up again, then reads the domain as it stands. */
  verify(id: string): Promise<ResendDomain>;
  remove(id: string): Promise<void>;
}

/** The domains API of the server's Resend account, or null when the server sends no mail through Resend. */
export function resendDomains(
  config: Pick<Config, 'RESEND_API_KEY' | 'RESEND_BASE_URL'>,
): ResendDomains | null {
  if (!config.RESEND_API_KEY) return null;
  const resend = new Resend(
    config.RESEND_API_KEY,
    config.RESEND_BASE_URL ? { baseUrl: config.RESEND_BASE_URL } : undefined,
  );
  const get = async (id: string): Promise<ResendDomain> => {
    const { data, error } = await resend.domains.get(id);
    if (error || !data) throw failure(error ?? {});
    return {
      id: data.id,
      name: data.name,
      status: statusOf(data.status),
      records: data.records.map(recordOf),
    };
  };
  return {
    async create(name) {
      const { data, error } = await resend.domains.create({ name });
      if (error || !data) throw failure(error ?? {});
      return {
        id: data.id,
        name: data.name,
        status: statusOf(data.status),
        records: data.records.map(recordOf),
      };
    },
    get,
    async verify(id) {
      const { error } = await resend.domains.verify(id);
      if (error) throw failure(error);
      return get(id);
    },
    async remove(id) {
      const { error } = await resend.domains.remove(id);
      // Already gone at Resend: what removing wanted.
      if (error && failure(error).kind !== 'not_found') throw failure(error);
    },
  };
}

/** A Resend failure as the API answers it (a refusal of the domain is the field's message). */
export function resendApiError(err: unknown): unknown {
  if (!(err instanceof ResendDomainError)) return err;
  if (err.kind === 'refused')
    return new ApiError('validation_failed', {
      fields: [{ path: 'domain', key: 'validation.mailDomainRefused' }],
      cause: err,
    });
  if (err.kind === 'not_found') return new ApiError('not_found', { cause: err });
  return new ApiError('mail_provider_unavailable', { cause: err });
}
