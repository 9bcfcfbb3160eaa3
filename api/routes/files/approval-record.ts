import { createRoute } from '@hono/zod-openapi';
import { FileVersionParams } from '../../../shared/contracts/files';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { approvalRecordPdf } from '../../services/files/approval-record';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFileVersionParams, pdfContent, sendPdfAttachment } from './preview-response';

const description =
  'The approval record of the version as a PDF, in the request’s language (Accept-Language: English or German): the file, project and client, the version (number, name, size, upload time and uploader, the SHA-256 of its bytes), every event of that version from the file’s history (who, which side, when, status before and after, feedback) and the feedback pinned to it, and when the record was made. Any kind of file has one. Sent as an attachment.';
const responses = {
  200: { description: 'The approval record', content: pdfContent },
  ...errorResponses(401, 403, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files/{fileId}/versions/{versionId}/approval-record',
  tags: ['Files'],
  summary: 'A version’s approval record',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FileVersionParams },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files/{fileId}/versions/{versionId}/approval-record',
  tags: ['Portal'],
  summary: 'A version’s approval record (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFileVersionParams },
  responses,
});

/** GET /api/files/{fileId}/versions/{versionId}/approval-record and its portal counterpart. */
export function registerFileApprovalRecord(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    const pdf = await approvalRecordPdf(c.get('deps'), providerScope(c), fileId, versionId, c.get('lang'));
    return sendPdfAttachment(c, pdf.bytes, pdf.fileName);
  });
  app.openapi(clientRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    const pdf = await approvalRecordPdf(c.get('deps'), clientScope(c), fileId, versionId, c.get('lang'));
    return sendPdfAttachment(c, pdf.bytes, pdf.fileName);
  });
}
