import { useState } from 'react';
import type { FileVersion } from '../contracts/files';
import { FileKindIcon } from './file-kind-icon';
import { useFilesKit } from './kit';
import { useImageSrc } from './use-image-src';

/**
 * A version's thumbnail (the image, or a PDF's first page, as WebP), square, with the kind's icon when
 * there is none (a document, a preview not made yet or failed, an image that did not load).
 */
export function FileThumbnail({
  name,
  version,
  url,
  size = 'md',
}: {
  name: string;
  version: Pick<FileVersion, 'kind' | 'mimeType' | 'preview'>;
  /** The thumbnail's address (`fileUrls(base).thumbnail(fileId, versionId)`). */
  url: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useFilesKit();
  const ready = version.preview.status === 'ready';
  const image = useImageSrc(ready ? url : null);
  const [broken, setBroken] = useState<string | null>(null);
  const box = size === 'sm' ? 'size-10' : size === 'lg' ? 'size-24' : 'size-14';
  const showImage = image.src && broken !== image.src;
  return (
    <span
      className={`${box} grid shrink-0 place-items-center overflow-hidden rounded-lg border border-line bg-surface text-subtle`}
    >
      {showImage ? (
        <img
          src={image.src ?? undefined}
          alt={t('thumbnail.alt', { name })}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setBroken(image.src)}
        />
      ) : (
        <FileKindIcon
          kind={version.kind}
          mimeType={version.mimeType}
          className={size === 'sm' ? 'size-5' : 'size-6'}
        />
      )}
    </span>
  );
}
