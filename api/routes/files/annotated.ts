import { FileVersionParams } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { annotatedPdf } from '../../services/files/annotated';
import { sharedOperation } from '../operation';
import { pdfContent, sendPdfAttachment } from './preview-response';

const description =
  '“Download with feedback”: the version as a PDF whose feedback is real PDF annotations, readable in any PDF reader. Every pin of the version is a sticky note (a /Text annotation) at its point of its page, with the pin’s text (/Contents), author (/T) and date (/M); every decision on the version is a note on page 1 with its feedback. A PDF keeps its pages; an image becomes a one-page PDF. Notes’ labels are in the request’s language. A document answers 404 `file_preview_unavailable`; 503 with `Retry-After` while the server’s PDF workers are all busy. Sent as an attachment (`<name>-feedback.pdf`).';
const responses = {
  200: { description: 'The annotated PDF', content: pdfContent },
  ...errorResponses(401, 403, 404, 422, 503),
};

/** GET /api/files/{fileId}/versions/{versionId}/annotated and its portal counterpart. */
export const registerFileAnnotated = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}/versions/{versionId}/annotated',
    operationId: 'downloadAnnotatedFile',
    tags: ['Files'],
    summary: 'Download a version with its feedback',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileVersionParams },
    responses,
  },
  async (c, scope) => {
    const { fileId, versionId } = c.req.valid('param');
    const pdf = await annotatedPdf(c.get('deps'), scope, fileId, versionId, c.get('lang'));
    return sendPdfAttachment(c, pdf.bytes, pdf.fileName);
  },
);
