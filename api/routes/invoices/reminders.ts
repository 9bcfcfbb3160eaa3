import {
  InvoiceReminders,
  ReminderSettings,
  ReminderSettingsUpdate,
} from '../../../shared/contracts/reminders';
import { errorResponses } from '../../http/openapi';
import { listInvoiceReminders } from '../../services/reminders/history';
import { getReminderSettings, updateReminderSettings } from '../../services/reminders/settings';
import { operations, providerOperation } from '../operation';
import { InvoiceIdParam } from './params';

const getSettingsRoute = providerOperation(
  {
    method: 'get',
    path: '/api/invoice-settings/reminders',
    operationId: 'getReminderSettings',
    tags: ['Invoices'],
    summary: 'Payment reminder settings',
    description:
      'The provider’s payment reminders (issue 28): on or off, and up to three steps, each the days after the due date and the text in English and German. Until the provider saves them, `steps` are the `defaults` (7, 14 and 30 days) and reminders are off.',
    responses: {
      200: { description: 'The settings', content: { 'application/json': { schema: ReminderSettings } } },
      ...errorResponses(401),
    },
  },
  async (c, scope) => c.json(await getReminderSettings(c.get('deps').sql, scope), 200),
);

const putSettingsRoute = providerOperation(
  {
    method: 'put',
    path: '/api/invoice-settings/reminders',
    operationId: 'updateReminderSettings',
    tags: ['Invoices'],
    summary: 'Change payment reminder settings',
    description:
      'Replaces the reminder settings. At most three steps, days 1–365 ascending (422 `validation.reminderDaysAscending`), texts of at most 2,000 characters with the placeholders {client}, {sender}, {number}, {amount}, {dueDate} and {daysOverdue} only; on needs a step. Each sent or overdue invoice gets each step once, in its language, by e-mail; payment or cancellation stops them. Turning them on sends what is already due within moments (a job).',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ReminderSettingsUpdate,
            example: {
              enabled: true,
              steps: [
                {
                  daysAfterDue: 7,
                  textEn: 'Invoice {number} for {amount} was due on {dueDate}. Please pay it soon.',
                  textDe:
                    'die Rechnung {number} über {amount} war am {dueDate} fällig. Bitte bezahlen Sie sie bald.',
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      200: { description: 'The settings', content: { 'application/json': { schema: ReminderSettings } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => c.json(await updateReminderSettings(c.get('deps'), scope, c.req.valid('json')), 200),
);

const listRoute = providerOperation(
  {
    method: 'get',
    path: '/api/invoices/{invoiceId}/reminders',
    operationId: 'listInvoiceReminders',
    tags: ['Invoices'],
    summary: 'An invoice’s payment reminders',
    description:
      'The payment reminders sent for the invoice (oldest first: step, days after due, language, address, time) and the next one to come while it is unpaid and reminders are on. Another provider’s invoice answers 404.',
    request: { params: InvoiceIdParam },
    responses: {
      200: { description: 'The reminders', content: { 'application/json': { schema: InvoiceReminders } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await listInvoiceReminders(
        c.get('deps').sql,
        scope,
        c.req.valid('param').invoiceId,
        c.get('deps').now(),
      ),
      200,
    ),
);

/** GET/PUT /api/invoice-settings/reminders and GET /api/invoices/{invoiceId}/reminders (issue 28). */
export const registerReminderRoutes = operations(getSettingsRoute, putSettingsRoute, listRoute);
