import { type ReactNode, useCallback, useMemo } from 'react';
import { type FetchBlob, FilesKitProvider, type FilesTranslate } from '../../../../shared/files/kit';
import kitDe from '../../../../shared/files/locales/de.json';
import kitEn from '../../../../shared/files/locales/en.json';
import { fileUrls } from '../../../../shared/files/urls';
import { useI18n } from '../../i18n/i18n-context';
import { addMessages } from '../../i18n/language';
import { useSignedIn } from '../signed-in-context';
import { fetchBlob } from './file-blobs';

/*
 * The shared file components (`shared/files`) in the portal: their texts (the kit's own JSON, under the
 * `filesKit` namespace of the portal's translation runtime; the statuses in the client's words, "Approved
 * by you", from the portal's `status.file.*`; the sides as "your provider" and "you", `files.side.*`), the interface language, and images and downloads read
 * with the client's bearer token (`file-blobs.ts`), shown from object URLs.
 */
addMessages({ en: { filesKit: kitEn }, de: { filesKit: kitDe } });

export function PortalFilesKit({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  const translate = useCallback<FilesTranslate>(
    (key, vars) =>
      key.startsWith('status.')
        ? t(`status.file.${key.slice(7)}`, vars)
        : key.startsWith('side.')
          ? t(`files.side.${key.slice(5)}`, vars)
          : t(`filesKit.${key}`, vars),
    [t],
  );
  const network = t('errors.network');
  const read = useCallback<FetchBlob>((url, signal) => fetchBlob(url, network, signal), [network]);
  return (
    <FilesKitProvider t={translate} lang={lang} fetchBlob={read}>
      {children}
    </FilesKitProvider>
  );
}

/** The client's file addresses (`/api/portal/{portalId}/…`). */
export function usePortalFileUrls() {
  const { portalId } = useSignedIn();
  return useMemo(() => fileUrls(`/api/portal/${portalId}`), [portalId]);
}
