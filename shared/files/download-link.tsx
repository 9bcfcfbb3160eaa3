import { type ReactNode, useState } from 'react';
import { buttonClass } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toaster';
import { useFilesKit } from './kit';

/**
 * A download of an authorised file. With the session cookie (the dashboard) it is a plain link (the server
 * answers `Content-Disposition: attachment`); with the kit's `fetchBlob` (the portal's bearer token) the
 * file is read with the credentials and saved from an object URL under `fileName`.
 */
export function DownloadLink({
  url,
  fileName,
  label,
  icon,
  iconOnly = false,
  variant = 'ghost',
}: {
  url: string;
  fileName: string;
  label: string;
  icon?: ReactNode;
  iconOnly?: boolean;
  variant?: 'ghost' | 'secondary' | 'primary';
}) {
  const { t, fetchBlob } = useFilesKit();
  const [busy, setBusy] = useState(false);
  const className = buttonClass(variant, iconOnly ? 'icon' : 'sm');
  const content = (
    <>
      {busy ? <Spinner size="sm" /> : icon}
      {iconOnly ? <span className="sr-only">{label}</span> : label}
    </>
  );
  if (!fetchBlob) {
    return (
      <a href={url} download className={className} title={iconOnly ? label : undefined}>
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      title={iconOnly ? label : undefined}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        fetchBlob(url, new AbortController().signal)
          .then((blob) => {
            const objectUrl = URL.createObjectURL(blob);
            const anchor = document.createElement('a');
            anchor.href = objectUrl;
            anchor.download = fileName;
            anchor.click();
            window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
          })
          .catch(() => toast.error(t('actions.downloadFailed')))
          .finally(() => setBusy(false));
      }}
    >
      {content}
    </button>
  );
}
