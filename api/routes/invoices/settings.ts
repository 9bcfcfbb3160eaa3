import { InvoiceSettings, InvoiceSettingsUpdate } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { getInvoiceSettings, updateInvoiceSettings } from '../../services/invoices/settings';
import { operations, providerOperation } from '../operation';

const getRoute = providerOperation(
  {
    method: 'get',
    path: '/api/invoice-settings',
    operationId: 'getInvoiceSettings',
    tags: ['Invoices'],
    summary: 'Invoice settings',
    description:
      'The provider’s invoice settings: number prefixes, the next invoice number (read only), business address and tax id for the PDF, payment instructions (shown in the portal when there is no card payment), a footer note, the default payment term and tax rate. Created with defaults on first use.',
    responses: {
      200: { description: 'The settings', content: { 'application/json': { schema: InvoiceSettings } } },
      ...errorResponses(401),
    },
  },
  async (c, scope) => c.json(await getInvoiceSettings(c.get('deps').sql, scope), 200),
);

const patchRoute = providerOperation(
  {
    method: 'patch',
    path: '/api/invoice-settings',
    operationId: 'updateInvoiceSettings',
    tags: ['Invoices'],
    summary: 'Change invoice settings',
    description:
      'Changes the fields sent (an empty text clears it). The invoice and credit-note prefixes must differ (422 `validation.prefixesDiffer`); the numbers themselves cannot be set (the sequences are gapless). A new prefix applies to invoices sent from now on.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: InvoiceSettingsUpdate,
            example: { numberPrefix: 'RE-2026-', defaultDueDays: 30 },
          },
        },
      },
    },
    responses: {
      200: { description: 'The settings', content: { 'application/json': { schema: InvoiceSettings } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => c.json(await updateInvoiceSettings(c.get('deps').sql, scope, c.req.valid('json')), 200),
);

/** GET and PATCH /api/invoice-settings */
export const registerInvoiceSettings = operations(getRoute, patchRoute);
