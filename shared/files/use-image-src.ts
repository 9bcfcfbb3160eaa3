import { useEffect, useState } from 'react';
import { useFilesKit } from './kit';

export type ImageSource = { src: string | null; failed: boolean; retry: () => void };

/**
 * The `src` for an authorised image: the URL itself when the app's session cookie rides along (the
 * dashboard), or an object URL of the blob the kit's `fetchBlob` read with the app's credentials (the
 * portal's bearer token), released when the image changes or leaves. `url` null: nothing to show yet.
 */
export function useImageSrc(url: string | null): ImageSource {
  const { fetchBlob } = useFilesKit();
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({
    url: null,
    src: null,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads the image again after a failure (Retry).
  useEffect(() => {
    if (!url || !fetchBlob) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ url, src: null, failed: false });
    fetchBlob(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url, src: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, fetchBlob, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (!url) return { src: null, failed: false, retry };
  if (!fetchBlob) return { src: url, failed: false, retry };
  return state.url === url
    ? { src: state.src, failed: state.failed, retry }
    : { src: null, failed: false, retry };
}
