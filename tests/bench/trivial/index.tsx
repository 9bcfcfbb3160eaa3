import { createRoot } from 'react-dom/client';

/** The "trivial React page built the same way" that LCP budgets compare against. */
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Trivial React page</h1>
      <p>Baseline for the Largest Contentful Paint budgets: React 19, built by Rsbuild, served compressed.</p>
    </main>,
  );
}
