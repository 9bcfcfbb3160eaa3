import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * What the file components need from the app around them, given once by `<FilesKitProvider>`:
 *   - `t`: the kit's texts (`shared/files/locales/*.json`, keys relative to it, e.g. `status.approved`),
 *     mapped by each app onto its own i18n (the dashboard: the `filesKit` namespace of i18next; the
 *     portal: its own translation runtime over the same JSON);
 *   - `lang`: dates and sizes in the interface language;
 *   - `fetchBlob`: how an authorised file is read when a plain URL is not enough. The dashboard leaves it
 *     out (its session cookie rides on `<img src>` and `<a href>`); the portal, whose API takes a bearer
 *     token, reads images and downloads with it and the kit shows them as object URLs.
 */
export type FilesTranslate = (key: string, vars?: Record<string, string | number>) => string;
export type FetchBlob = (url: string, signal: AbortSignal) => Promise<Blob>;

export type FilesKit = {
  t: FilesTranslate;
  lang: string;
  fetchBlob?: FetchBlob | undefined;
};

const FilesKitContext = createContext<FilesKit | null>(null);

export function FilesKitProvider({ t, lang, fetchBlob, children }: FilesKit & { children: ReactNode }) {
  const value = useMemo<FilesKit>(() => ({ t, lang, fetchBlob }), [t, lang, fetchBlob]);
  return <FilesKitContext.Provider value={value}>{children}</FilesKitContext.Provider>;
}

/** The kit's texts, language and file reader; throws outside `<FilesKitProvider>`. */
export function useFilesKit(): FilesKit {
  const kit = useContext(FilesKitContext);
  if (!kit) throw new Error('File components must be used inside <FilesKitProvider>');
  return kit;
}
