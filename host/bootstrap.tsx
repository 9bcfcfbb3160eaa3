import '../shared/ui/styles.css';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, missingTexts } from '../shared/i18n/index';
import { ErrorScreen } from '../shared/ui/error-screen';
import { App } from './app';

const root = document.getElementById('root');
// Render once the active language's texts (a small chunk of their own) are loaded. Without them (the
// chunk failed) every text would be its raw key: the error screen, which carries its own texts, instead.
void initI18n()
  .then(() => missingTexts())
  .catch((error: unknown) => error)
  .then((failure) => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>{failure ? <ErrorScreen error={failure} lang={i18next.language} /> : <App />}</StrictMode>,
    );
  });
