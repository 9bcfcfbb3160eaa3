import { z } from '@hono/zod-openapi';
import { billingOf } from '../../auth/plan-gate';
import { errorResponses } from '../../http/openapi';
import { exportAccount, exportFileName } from '../../services/account/export';
import { providerOperation } from '../operation';

/** GET /api/account/export */
export const registerExportAccount = providerOperation(
  {
    method: 'get',
    path: '/api/account/export',
    operationId: 'exportAccount',
    tags: ['Account'],
    summary: 'Export your data',
    description:
      'Everything your account holds, as one JSON file to download (`Content-Disposition: attachment; filename="client-portal-export-YYYY-MM-DD.json"`): account and profile, plan, invoice settings, the Stripe connection (account and the key’s last four characters only), portals, clients, projects, messages, files (names, versions, statuses, review events and pins; not the bytes: download those per version), invoices with their lines and credit notes, and the activity feed. Never secrets: no password hashes (a client’s is `hasPassword`), tokens, keys or storage paths. Only your own data. Streamed as it is read, in pages, so it works for large accounts. Always available, also after the trial ended without a subscription (spec §1).',
    responses: {
      200: {
        description: 'The export (JSON, as an attachment)',
        content: {
          'application/json': {
            schema: z.object({}).passthrough().openapi({
              type: 'object',
              description:
                '`format`, `version`, `exportedAt`, `account`, `profile`, `plan`, `invoiceSettings`, `stripeConnection`, `portals`, `clients`, `projects`, `messages`, `files`, `invoices`, `activity`.',
            }),
          },
        },
      },
      ...errorResponses(401, 404),
    },
  },
  async (c, scope) => {
    const { sql, now, config } = c.get('deps');
    const log = c.get('log');
    const at = now();
    const pieces = await exportAccount(sql, scope, at, billingOf(config));
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(at)}"`);
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    let finished = () => {};
    // The pieces query as the body streams: the scope's transaction stays open until the stream ends.
    c.get('deps').holdScopeUntil?.(
      new Promise<void>((done) => {
        finished = done;
      }),
    );
    const body = toStream(
      pieces,
      (error) => log.error({ err: String(error) }, 'account export failed mid-stream'),
      () => finished(),
    );
    // A streamed JSON document: the typed `c.json` would have to hold all of it in memory.
    return c.body(body, 200) as never;
  },
);

/** The pieces of the document as bytes, pulled one at a time (the stream's backpressure bounds memory). */
function toStream(
  pieces: AsyncGenerator<string>,
  onError: (error: unknown) => void,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await pieces.next();
        if (done) {
          controller.close();
          onEnd();
        } else controller.enqueue(encoder.encode(value));
      } catch (error) {
        // The status line is sent: the download breaks off (a truncated file is no valid JSON).
        onError(error);
        controller.error(error);
        onEnd();
      }
    },
    async cancel() {
      await pieces.return(undefined).finally(onEnd);
    },
  });
}
