import { FileVersionParams } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { approvalRecordPdf } from '../../services/files/approval-record';
import { sharedOperation } from '../operation';
import { pdfContent, sendPdfAttachment } from './preview-response';

const description =
  'The approval record of the version as a PDF, in the request’s language (Accept-Language: English or German): the file, project and client, the version (number, name, size, upload time and uploader, the SHA-256 of its bytes), every event of that version from the file’s history (who, which side, when, status before and after, feedback) and the feedback pinned to it, and when the record was made. Any kind of file has one. Sent as an attachment.';
const responses = {
  200: { description: 'The approval record', content: pdfContent },
  ...errorResponses(401, 403, 404, 422),
};

/** GET /api/files/{fileId}/versions/{versionId}/approval-record and its portal counterpart. */
export const registerFileApprovalRecord = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}/versions/{versionId}/approval-record',
    operationId: 'getApprovalRecord',
    tags: ['Files'],
    summary: 'A version’s approval record',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileVersionParams },
    responses,
  },
  async (c, scope) => {
    const { fileId, versionId } = c.req.valid('param');
    const pdf = await approvalRecordPdf(c.get('deps'), scope, fileId, versionId, c.get('lang'));
    return sendPdfAttachment(c, pdf.bytes, pdf.fileName);
  },
);
