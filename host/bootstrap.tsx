import '../shared/ui/styles.css';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, missingTexts } from '../shared/i18n/index';
import { ErrorScreen } from '../shared/ui/error-screen';
import { App, preloadRoute } from './app';

const root = document.getElementById('root');
// Render once the active language's texts (a small chunk of their own) are loaded. Without them (the
// chunk failed) every text would be its raw key: the error screen, which carries its own texts, instead.
const texts = initI18n();
preloadRoute(location.pathname);
// While the texts and the page's code are on their way: the page's first Intl number format costs tens of
// milliseconds (ICU's data, once per page; the next ones, currencies too, well under one), which would
// otherwise block the first screen showing an amount or a count (the overview, the landing page's price)
// after it painted.
setTimeout(
  () => new Intl.NumberFormat((i18next.language ?? navigator.language).startsWith('de') ? 'de-DE' : 'en-US'),
);
void texts
  .then(() => missingTexts())
  .catch((error: unknown) => error)
  .then((failure) => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>{failure ? <ErrorScreen error={failure} lang={i18next.language} /> : <App />}</StrictMode>,
    );
  });
