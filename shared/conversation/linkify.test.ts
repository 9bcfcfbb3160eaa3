import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

const links = (text: string) => linkify(text).filter((s) => s.kind === 'link');

describe('linkify', () => {
  it('returns plain text as one text segment', () => {
    expect(linkify('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
    expect(linkify('')).toEqual([]);
  });

  it('makes http and https addresses links and keeps the text around them', () => {
    expect(linkify('See https://example.com/a?b=1#c now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' now' },
    ]);
    expect(links('http://example.org')[0]).toMatchObject({ href: 'http://example.org/' });
  });

  it('gives a www. address https', () => {
    expect(links('go to www.example.com')[0]).toEqual({
      kind: 'link',
      text: 'www.example.com',
      href: 'https://www.example.com/',
    });
  });

  it('leaves sentence punctuation and unbalanced brackets out of the link', () => {
    expect(links('Read https://example.com/x.')[0]?.text).toBe('https://example.com/x');
    expect(links('(see https://example.com/x)')[0]?.text).toBe('https://example.com/x');
    expect(links('https://en.wikipedia.org/wiki/Ada_(language), ok')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Ada_(language)',
    );
    expect(links('Is it https://example.com?')[0]?.text).toBe('https://example.com');
  });

  it('never links other schemes', () => {
    expect(links('javascript:alert(1)')).toEqual([]);
    expect(links('data:text/html,<b>x</b>')).toEqual([]);
    expect(links('file:///etc/passwd')).toEqual([]);
    expect(links('mailto:a@example.com')).toEqual([]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });

  it('does not treat HTML in a message as markup: the text comes back unchanged', () => {
    const text = '<a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)> https://ok.example';
    const segments = linkify(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.href)).toEqual(['https://ok.example/']);
  });

  it('keeps line breaks and finds several links', () => {
    const text = 'First https://a.example\nSecond http://b.example/path\n\nEnd';
    const segments = linkify(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'https://a.example',
      'http://b.example/path',
    ]);
  });

  it('does not link a scheme inside a word', () => {
    expect(links('xhttps://example.com')).toEqual([]);
  });
});
