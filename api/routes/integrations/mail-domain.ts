import { MailDomainCreate, MailDomainState, MailDomainUpdate } from '../../../shared/contracts/integrations';
import { errorResponses } from '../../http/openapi';
import { enforceRateLimit } from '../../http/rate-limit';
import {
  createMailDomain,
  getMailDomain,
  MAIL_DOMAIN_VERIFY_LIMITS,
  removeMailDomain,
  updateMailDomain,
  verifyMailDomain,
} from '../../integrations/mail-domain/mail-domain';
import { operations, providerOperation } from '../operation';

const PATH = '/api/integrations/mail-domain';

const EXAMPLE = {
  available: true,
  domain: {
    name: 'mail.example-agency.com',
    status: 'not_started',
    records: [
      {
        record: 'DKIM',
        type: 'TXT',
        name: 'resend._domainkey.mail',
        value: 'p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ…',
        ttl: 'Auto',
        priority: null,
        status: 'not_started',
      },
    ],
    fromLocalPart: 'portal',
    fromAddress: 'portal@mail.example-agency.com',
    inUse: false,
    verifiedAt: null,
    checkedAt: '2026-12-07T09:00:00.000Z',
    createdAt: '2026-12-07T09:00:00.000Z',
  },
};
const json = { 'application/json': { schema: MailDomainState, example: EXAMPLE } };

const getRoute = providerOperation(
  {
    method: 'get',
    operationId: 'getMailDomain',
    path: PATH,
    tags: ['Integrations'],
    summary: 'The e-mail sending domain',
    description:
      'The signed-in provider’s own domain for portal e-mails, as last checked at Resend: its status, the DNS records to publish, the sender address and whether it is in use; `domain: null` without one. `available: false` when this server sends no e-mail through Resend (then no domain can be added).',
    responses: {
      200: {
        description: 'The sending domain',
        content: json,
      },
      ...errorResponses(401),
    },
  },
  async (c, scope) => c.json(await getMailDomain({ ...c.get('deps'), log: c.get('log') }, scope), 200),
);

const createRoute = providerOperation(
  {
    method: 'post',
    operationId: 'createMailDomain',
    path: PATH,
    tags: ['Integrations'],
    summary: 'Add an e-mail sending domain',
    description:
      'Adds the domain at Resend, which answers with the DNS records (SPF, DKIM) to publish at the domain’s DNS host; they are returned here. `fromLocalPart` (default `portal`) is the part before the @ of the sender address. 409 `mail_domain_exists` when the provider has one, 422 (field `domain`) when Resend refuses it, 502 `mail_provider_unavailable`, 409 `mail_domain_unavailable` when this server sends no e-mail through Resend.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: MailDomainCreate,
            example: { domain: 'mail.example-agency.com', fromLocalPart: 'portal' },
          },
        },
      },
    },
    responses: {
      201: { description: 'Added; publish the records, then verify', content: json },
      ...errorResponses(401, 403, 409, 413, 415, 422, 502),
    },
  },
  async (c, scope) =>
    c.json(await createMailDomain({ ...c.get('deps'), log: c.get('log') }, scope, c.req.valid('json')), 201),
);

const verifyRoute = providerOperation(
  {
    method: 'post',
    operationId: 'verifyMailDomain',
    path: `${PATH}/verify`,
    tags: ['Integrations'],
    summary: 'Verify the e-mail sending domain',
    description:
      'Asks Resend to look the DNS records up again and returns the domain as it stands (`verified` once every required record is found). A domain that is no longer verified stops being used. Limited to 3 a minute and 20 an hour per provider (429 with `Retry-After`). 404 without a domain, 409 `mail_domain_unavailable` when this server sends no e-mail through Resend.',
    responses: {
      200: { description: 'The domain after the check', content: json },
      ...errorResponses(401, 403, 404, 409, 429, 502),
    },
  },
  async (c, scope) => {
    await enforceRateLimit(c, MAIL_DOMAIN_VERIFY_LIMITS.minute, scope.providerId);
    await enforceRateLimit(c, MAIL_DOMAIN_VERIFY_LIMITS.hour, scope.providerId);
    return c.json(await verifyMailDomain({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);

const updateRoute = providerOperation(
  {
    method: 'patch',
    operationId: 'updateMailDomain',
    path: PATH,
    tags: ['Integrations'],
    summary: 'Use the e-mail sending domain',
    description:
      '`inUse: true` sends every portal e-mail to the provider’s clients (invitations, sign-in links, invoices, message digests) From `<fromLocalPart>@<domain>` with the provider’s business name; only a verified domain can be used (409 `mail_domain_not_verified`). `inUse: false` goes back to the platform’s address. 404 without a domain.',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: MailDomainUpdate, example: { inUse: true } } },
      },
    },
    responses: {
      200: { description: 'Updated', content: json },
      ...errorResponses(401, 403, 404, 409, 413, 415, 422),
    },
  },
  async (c, scope) =>
    c.json(await updateMailDomain({ ...c.get('deps'), log: c.get('log') }, scope, c.req.valid('json')), 200),
);

const deleteRoute = providerOperation(
  {
    method: 'delete',
    operationId: 'deleteMailDomain',
    path: PATH,
    tags: ['Integrations'],
    summary: 'Remove the e-mail sending domain',
    description:
      'Removes the domain at Resend and here; portal e-mails go out from the platform’s address again. 404 without a domain, 502 when Resend cannot be reached (the domain stays).',
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 502) },
  },
  async (c, scope) => {
    await removeMailDomain({ ...c.get('deps'), log: c.get('log') }, scope);
    return c.body(null, 204);
  },
);

/** GET, POST, PATCH and DELETE /api/integrations/mail-domain, POST …/verify */
export const registerMailDomain = operations(getRoute, createRoute, verifyRoute, updateRoute, deleteRoute);
