/**
 * The documentation's search: an index of what the page shows (each chapter's text, cut at its
 * sub-headings), matched word by word, and the matches highlighted in place with the CSS Custom Highlight
 * API (no change to the DOM React owns; browsers without it just do not highlight). No library, no index
 * shipped: the page's own text is the index, so it always says what the page says, in its language.
 */

/** One stretch of the page: a chapter's start or one of its sub-headings, with the text under it. */
export type SearchEntry = {
  /** The anchor to go to: the sub-heading's id, else the chapter's. */
  id: string;
  chapterId: string;
  chapter: string;
  /** The sub-heading, or the chapter's title for the text before the first one. */
  heading: string;
  text: string;
};

/** At most this many results are listed (the chapters are filtered by all of them). */
export const RESULTS_SHOWN = 20;

const normalize = (text: string) => text.toLowerCase();

/** The words of a query, lower-case; empty for a blank query. */
export function searchTerms(query: string): string[] {
  return normalize(query).split(/\s+/).filter(Boolean);
}

/** Entries whose heading or text contains every term, in page order. */
export function matchEntries(entries: readonly SearchEntry[], terms: readonly string[]): SearchEntry[] {
  if (terms.length === 0) return [];
  return entries.filter((entry) => {
    const haystack = normalize(`${entry.chapter} ${entry.heading} ${entry.text}`);
    return terms.every((term) => haystack.includes(term));
  });
}

/** A short excerpt of `text` around the first term found in it (the start of the text when none is). */
export function excerpt(text: string, terms: readonly string[], radius = 70): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const lower = normalize(clean);
  const at = Math.min(
    ...terms.map((term) => lower.indexOf(term)).filter((i) => i >= 0),
    Number.POSITIVE_INFINITY,
  );
  if (!Number.isFinite(at))
    return clean.length > radius * 2 ? `${clean.slice(0, radius * 2).trimEnd()}…` : clean;
  const start = Math.max(0, at - radius);
  const end = Math.min(clean.length, at + radius);
  return `${start > 0 ? '…' : ''}${clean.slice(start, end).trim()}${end < clean.length ? '…' : ''}`;
}

/** `text` cut into parts, `mark` on those that are one of the terms (for `<mark>` in the result list). */
export function markTerms(text: string, terms: readonly string[]): { text: string; mark: boolean }[] {
  if (terms.length === 0) return [{ text, mark: false }];
  const escaped = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, mark: terms.includes(normalize(part)) }));
}

/** Text that is not documentation: the copy buttons, tab names. */
const SKIP = 'button, [role="tablist"]';

/** Reads the chapters (`section[data-doc-chapter]`) under `root` into search entries, in page order. */
export function indexChapters(root: HTMLElement): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const section of root.querySelectorAll<HTMLElement>('section[data-doc-chapter]')) {
    const chapter = section.querySelector('h2')?.textContent?.trim() ?? '';
    let current: SearchEntry = { id: section.id, chapterId: section.id, chapter, heading: chapter, text: '' };
    entries.push(current);
    const walker = document.createTreeWalker(section, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    const parts: string[][] = [[]];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof HTMLElement) {
        if (node.tagName === 'H3') {
          current.text = (parts.at(-1) ?? []).join(' ');
          current = {
            id: node.id || section.id,
            chapterId: section.id,
            chapter,
            heading: node.textContent?.trim() ?? '',
            text: '',
          };
          entries.push(current);
          parts.push([]);
        }
        continue;
      }
      const parent = node.parentElement;
      if (!parent || parent.closest('h2, h3') || parent.closest(SKIP)) continue;
      const value = node.nodeValue?.trim();
      if (value) parts.at(-1)?.push(value);
    }
    current.text = (parts.at(-1) ?? []).join(' ');
  }
  return entries;
}

/** The name of the highlight the page's stylesheet colours (`::highlight(docs-search)`). */
const HIGHLIGHT = 'docs-search';
let sheet: CSSStyleSheet | null = null;

/**
 * Highlights every occurrence of the terms in the visible text under `root` (hidden chapters excluded),
 * and returns how to remove the highlight. A constructed stylesheet colours it (no inline style: CSP).
 */
export function highlightTerms(root: HTMLElement, terms: readonly string[]): () => void {
  const registry = typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined;
  if (!registry || typeof Highlight === 'undefined' || terms.length === 0) return () => {};
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(`::highlight(${HIGHLIGHT}) { background-color: #fde68a; color: #111827; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('[hidden]') || parent.closest(SKIP)) continue;
    const text = normalize(node.nodeValue ?? '');
    for (const term of terms) {
      for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
        const range = new Range();
        range.setStart(node, at);
        range.setEnd(node, at + term.length);
        ranges.push(range);
      }
    }
  }
  registry.set(HIGHLIGHT, new Highlight(...ranges));
  return () => registry.delete(HIGHLIGHT);
}
