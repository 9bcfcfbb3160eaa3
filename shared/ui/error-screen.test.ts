import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERROR_SCREEN_TEXTS, ErrorScreen, errorScreenLanguage } from './error-screen';

describe('the generic error screen', () => {
  it('says spec §2’s texts verbatim in English', () => {
    expect(ERROR_SCREEN_TEXTS.en).toEqual({
      title: 'Something went wrong',
      body: 'We encountered an unexpected error. Please try refreshing the page.',
      details: 'Error Details',
      refresh: 'Refresh Page',
    });
  });

  it('has every text in German too, each its own translation', () => {
    expect(Object.keys(ERROR_SCREEN_TEXTS.de)).toEqual(Object.keys(ERROR_SCREEN_TEXTS.en));
    for (const [key, text] of Object.entries(ERROR_SCREEN_TEXTS.de)) {
      expect(text, key).not.toBe(ERROR_SCREEN_TEXTS.en[key as keyof typeof ERROR_SCREEN_TEXTS.en]);
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('renders real texts with no i18n runtime at all (what a failed locale chunk leaves)', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorScreen, { error: new TypeError('Loading chunk 12 failed'), lang: 'de' }),
    );
    expect(html).toContain('Etwas ist schiefgelaufen');
    expect(html).toContain('Es ist ein unerwarteter Fehler aufgetreten. Bitte laden Sie die Seite neu.');
    expect(html).toContain('Fehlerdetails');
    expect(html).toContain('Seite neu laden');
    expect(html).toContain('TypeError: Loading chunk 12 failed');
    expect(html).toContain('lang="de"');
    expect(html).not.toMatch(/errorScreen\./);
  });

  it('takes the app’s current language first, any regional variant of it', () => {
    expect(errorScreenLanguage('de')).toBe('de');
    expect(errorScreenLanguage('de-AT')).toBe('de');
    expect(errorScreenLanguage('en-GB')).toBe('en');
  });

  it('without a usable current language, follows the browser (here: Node’s, English) and never fails', () => {
    expect(errorScreenLanguage('fr')).toBe(errorScreenLanguage(null));
    expect(['en', 'de']).toContain(errorScreenLanguage(undefined));
  });
});
