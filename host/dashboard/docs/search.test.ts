import { describe, expect, it } from 'vitest';
import { excerpt, markTerms, matchEntries, type SearchEntry, searchTerms } from './search';

const entry = (id: string, heading: string, text: string): SearchEntry => ({
  id,
  chapterId: 'api',
  chapter: 'The API and API keys',
  heading,
  text,
});
const entries = [
  entry('api', 'The API and API keys', 'Everything the dashboard does goes through a public JSON API.'),
  entry('pagination', 'Lists and pages', 'Send `nextCursor` back as `cursor`.'),
  entry(
    'idempotency',
    'Idempotency',
    'Send an Idempotency-Key header with every POST that creates something.',
  ),
];

describe('the documentation search', () => {
  it('matches every word of the query, ignoring case, in page order', () => {
    expect(matchEntries(entries, searchTerms('idempotency-key')).map((e) => e.id)).toEqual(['idempotency']);
    expect(matchEntries(entries, searchTerms('  SEND  cursor ')).map((e) => e.id)).toEqual(['pagination']);
    expect(matchEntries(entries, searchTerms('api')).map((e) => e.id)).toEqual([
      'api',
      'pagination',
      'idempotency',
    ]);
    expect(matchEntries(entries, searchTerms('webhook'))).toEqual([]);
    expect(matchEntries(entries, searchTerms('   '))).toEqual([]);
  });

  it('cuts an excerpt around the first match', () => {
    const text = `${'a '.repeat(100)}the Idempotency-Key header ${'b '.repeat(100)}`;
    const cut = excerpt(text, ['idempotency-key'], 20);
    expect(cut).toMatch(/^….*Idempotency-Key.*…$/);
    expect(cut.length).toBeLessThan(50);
    expect(excerpt('short text', ['missing'])).toBe('short text');
  });

  it('marks the terms, whatever their case, and nothing else', () => {
    expect(markTerms('Retry-After: wait, then retry', ['retry'])).toEqual([
      { text: 'Retry', mark: true },
      { text: '-After: wait, then ', mark: false },
      { text: 'retry', mark: true },
    ]);
    expect(markTerms('a.b (c)', ['.', '('])).toEqual([
      { text: 'a', mark: false },
      { text: '.', mark: true },
      { text: 'b ', mark: false },
      { text: '(', mark: true },
      { text: 'c)', mark: false },
    ]);
  });
});
