/**
 * A short, human description of a session's user agent ("Chrome on macOS"), enough to recognise a device
 * in the sessions list. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 *
 * @example describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) … Version/17.5 Safari/605.1.15')
 * // { browser: 'Safari', os: 'macOS' }
 */
export function describeUserAgent(ua: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!ua) return { browser: null, os: null };
  const browser = /Edg(?:e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os };
}
