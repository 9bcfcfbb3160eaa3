import '../shared/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../shared/i18n/index';
import { App } from './app';

const root = document.getElementById('root');
// Render once the active language's texts (a small chunk of their own) are loaded.
void initI18n().then(() => {
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
