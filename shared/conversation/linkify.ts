/**
 * Splits a message's plain text into text and link segments, so a link can be rendered as an `<a>` and
 * everything else as text nodes: a message is never parsed as HTML. Only `http:` and `https:` addresses
 * become links (a `www.` address gets `https://`); `javascript:`, `data:` and the like stay text.
 */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A URL runs until whitespace or a character that cannot end one unescaped in running text.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence rather than the address ("see https://a.com/x."). */
const TRAILING = /[.,;:!?'"*_~]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Drops trailing punctuation and unbalanced closing brackets ("(see https://a.com)" keeps the bracket out). */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = CLOSERS[last];
    if (TRAILING.test(url)) url = url.slice(0, -1);
    else if (opener && count(url, opener) < count(url, last)) url = url.slice(0, -1);
    else return url;
  }
}

/** The safe href of a candidate, or null when it is not an http(s) address. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A host without a dot (http://localhost:3000) only when written with its scheme.
    if (url.hostname.includes('.') || (withScheme === candidate && url.hostname)) return url.href;
    return null;
  } catch {
    return null;
  }
}

/**
 * The segments of `text` in order; joining their `text` gives back the input exactly.
 * @example linkify('See https://example.com.') // [text 'See ', link 'https://example.com', text '.']
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const push = (part: string) => {
    if (!part) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += part;
    else segments.push({ kind: 'text', text: part });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href || candidate.length === 0) continue;
    push(text.slice(last, start));
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  push(text.slice(last));
  return segments;
}
