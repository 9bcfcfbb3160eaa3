import { FILE_MAX_BYTES } from '../../../shared/contracts/files';

/**
 * The multipart body of an upload, as a plain schema (not zod), so the router documents it without
 * buffering it to validate: the handler streams it into the store.
 */
export const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        required: ['file'],
        properties: {
          file: {
            type: 'string' as const,
            format: 'binary',
            // Bytes: the store stops reading one past it (413).
            maxLength: FILE_MAX_BYTES,
            description:
              'One file, at most 10 MB: an image (PNG, JPEG, GIF, WebP, AVIF, TIFF), a PDF or an office document (DOCX, XLSX, PPTX, ODT, ODS, ODP, RTF), decided by its content. Several files: one request each.',
          },
        },
      },
    },
  },
};

/** What an upload's errors mean, for the operation descriptions. */
export const UPLOAD_ERRORS =
  'A `multipart/form-data` body with one file in the field `file`. The type is decided by the bytes (the name and declared type are ignored): 415 `file_type_not_allowed` for anything else (SVG, HTML, executables, archives, macro-enabled or legacy binary Office files), 422 `file_empty` for zero bytes, 413 `payload_too_large` past 10 MB (checked while the body streams in). A refused or broken-off upload leaves nothing stored. 429 `rate_limited` (with `Retry-After`) past 60 uploads a minute or 600 an hour by one uploader (a provider, or a portal client; files, versions and logos together, counted across every instance); 503 `storage_unavailable` (with `Retry-After`) while the file store cannot be reached. The name is cleaned (base name, no control or invisible characters, at most 200 characters, the detected type’s extension).';
