import { FileImage, FileSpreadsheet, FileText, FileType, Presentation } from 'lucide-react';
import type { FileKind } from '../contracts/files';

/** The icon of a file by its kind, and for documents by their detected type (text, sheet, slides). */
export function FileKindIcon({
  kind,
  mimeType,
  className = 'size-5',
}: {
  kind: FileKind;
  mimeType?: string;
  className?: string;
}) {
  let Icon = FileText;
  if (kind === 'image') Icon = FileImage;
  else if (kind === 'pdf') Icon = FileType;
  else if (mimeType && /sheet|excel/.test(mimeType)) Icon = FileSpreadsheet;
  else if (mimeType && /presentation|powerpoint/.test(mimeType)) Icon = Presentation;
  return <Icon aria-hidden="true" className={className} />;
}
