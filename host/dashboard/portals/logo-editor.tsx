import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { toast } from '../../../shared/ui/toaster';
import { LogoField, logoProblem, useObjectUrl } from './logo-field';
import { useLogo } from './portals-api';

/** The server's answer to a refused logo, translated; a 413 names the 2 MB limit. */
function logoFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'payload_too_large') return t('portals:logo.tooLarge');
  return describeFailure(t, error);
}

/**
 * The logo of an existing portal: a picked image uploads at once (previewed meanwhile), the server's
 * refusal is shown translated under the field, Remove deletes it. Reports what the preview should show.
 */
export function LogoEditor({
  portal,
  onPreview,
}: {
  portal: Portal;
  onPreview: (src: string | null) => void;
}) {
  const { t } = useTranslation();
  const { upload, remove } = useLogo(portal.id);
  const [pending, setPending] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingUrl = useObjectUrl(pending);
  const src = pendingUrl ?? portal.logoUrl;

  useEffect(() => onPreview(src), [src, onPreview]);

  async function pick(file: File) {
    const problem = await logoProblem(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setPending(file);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('portals:logo.uploaded')),
      onError: (failure) => setError(logoFailure(t, failure)),
      onSettled: () => setPending(null),
    });
  }

  return (
    <LogoField
      src={src}
      busy={upload.isPending}
      error={error}
      onPick={(file) => void pick(file)}
      removing={remove.isPending}
      onRemove={() => {
        setError(null);
        remove.mutate(undefined, {
          onSuccess: () => toast.success(t('portals:logo.removed')),
          onError: (failure) => setError(describeFailure(t, failure)),
        });
      }}
    />
  );
}

export type StagedLogoState = { file: File | null; error: string | null };

/** The logo of a portal being created: kept in the browser (previewed) until the portal exists. */
export function StagedLogo({
  state,
  onChange,
  onPreview,
}: {
  state: StagedLogoState;
  onChange: (state: StagedLogoState) => void;
  onPreview: (src: string | null) => void;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(state.file);
  useEffect(() => onPreview(url), [url, onPreview]);
  return (
    <LogoField
      src={url}
      busy={false}
      error={state.error}
      onPick={async (file) => {
        const problem = await logoProblem(file);
        onChange(problem ? { file: state.file, error: t(problem) } : { file, error: null });
      }}
      onRemove={() => onChange({ file: null, error: null })}
    />
  );
}
