import type { FileSide, FileStatus } from '../../../shared/contracts/files';
import { ownedBy, type Scope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { type Lang, translate } from '../../http/i18n';
import { versionFor } from './access';
import { PreviewTaskError } from './preview-child';
import type { AnnotateResult, PdfNote } from './preview-process';
import { ANNOTATE_CPU_MS, MAX_INPUT_PIXELS, previewTask, previewTaskApiError } from './previews';

/*
 * "Download with feedback": a version as a PDF whose feedback is real PDF annotations, readable in any
 * PDF reader. Every pin of the version becomes a sticky note (/Text annotation) at its point of its page,
 * with the pin's text, author and date; every decision on the version (with its feedback) becomes a note
 * at the top left of page 1. A PDF keeps its own pages (the notes are added); an image becomes a one-page
 * PDF showing it upright.
 */

/** Note colours (RGB 0–1): the client's pins, the provider's, an approval, a rejection or revision. */
const COLOURS: Record<FileSide | 'approval' | 'objection', [number, number, number]> = {
  client: [0.96, 0.62, 0.04],
  provider: [0.31, 0.27, 0.9],
  approval: [0.09, 0.64, 0.29],
  objection: [0.86, 0.15, 0.15],
};

/** The file's name without its extension, plus `-feedback.pdf`. */
export function feedbackFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'file';
  return `${base}-feedback.pdf`;
}

/**
 * The version `versionId` of the caller's file as a PDF with its feedback as annotations.
 * @throws ApiError not_found (not the caller's), file_preview_unavailable (a document, or bytes that do not
 *   decode)
 */
export async function annotatedPdf(
  deps: AppDeps,
  scope: Scope,
  fileId: string,
  versionId: string,
  lang: Lang,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { file, version } = await versionFor(deps.sql, scope, fileId, versionId);
  if (version.kind === 'document') throw new ApiError('file_preview_unavailable');
  const pins = await deps.sql<
    {
      page: number;
      x: number;
      y: number;
      body: string;
      author_type: FileSide;
      author_name: string;
      created_at: Date;
    }[]
  >`
    SELECT page, x, y, body, author_type, author_name, created_at FROM file_pins
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND file_id = ${file.id} AND version_id = ${version.id}
    ORDER BY created_at, id`;
  const decisions = await deps.sql<
    { status_after: FileStatus; actor_name: string; feedback: string | null; created_at: Date }[]
  >`
    SELECT status_after, actor_name, feedback, created_at FROM file_events
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND file_id = ${file.id} AND version_id = ${version.id}
      AND kind = 'decision'
    ORDER BY seq`;
  const notes: PdfNote[] = [
    ...decisions.map((d) => {
      const label = translate(lang, 'files.annotated.decision', {
        status: translate(lang, `files.status.${d.status_after}`),
        version: version.number,
      });
      const approval = d.status_after === 'approved' || d.status_after === 'client_approved';
      return {
        page: 1,
        x: 0.02,
        y: 0.02,
        contents: d.feedback ? `${label}\n\n${d.feedback}` : label,
        author: d.actor_name,
        date: new Date(d.created_at).toISOString(),
        color: approval ? COLOURS.approval : COLOURS.objection,
      };
    }),
    ...pins.map((p) => ({
      page: p.page,
      x: p.x,
      y: p.y,
      contents: p.body,
      author: p.author_name,
      date: new Date(p.created_at).toISOString(),
      color: COLOURS[p.author_type],
    })),
  ];
  try {
    const { message, blobs } = await previewTask(
      deps,
      'view',
      file.provider_id,
      version.storage_key,
      {
        op: 'annotate',
        source: version.kind === 'pdf' ? 'pdf' : 'image',
        notes,
        title: translate(lang, 'files.annotated.title', { name: file.name }),
        maxPixels: MAX_INPUT_PIXELS,
      },
      ANNOTATE_CPU_MS,
    );
    const pdf = blobs[(message.result as AnnotateResult).pdf];
    if (!pdf) throw new PreviewTaskError('unreadable', 'no PDF in the reply');
    return { bytes: pdf, fileName: feedbackFileName(file.name) };
  } catch (err) {
    throw err instanceof PreviewTaskError ? previewTaskApiError(err) : err;
  }
}
