import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { App } from './context';
import { newNonce, withNonce } from './csp';

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>API reference · Client Portal</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css" />
<style>body{margin:0}.topbar{display:none}</style>
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, tryItOutEnabled: true, persistAuthorization: true, displayRequestDuration: true });`;

/**
 * `/api/docs`: an interactive reference (Swagger UI, served from the installed package so it works
 * offline and needs no third-party script) for `/api/openapi.json`.
 */
export function registerDocs(app: App) {
  app.get('/api/docs', (c) => {
    const nonce = newNonce();
    // Swagger UI styles its elements inline (styles only); scripts need this response's nonce.
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        // "Try it out" calls the document's server, PUBLIC_URL, which may be another origin than the page's.
        `connect-src 'self' ${c.get('deps').config.publicOrigin}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    c.header('X-Frame-Options', 'DENY');
    return c.html(withNonce(page, nonce));
  });
  app.get('/api/docs/init.js', (c) =>
    c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  for (const [file, type] of Object.entries(assets)) {
    let body: string | undefined;
    app.get(`/api/docs/${file}`, (c) => {
      body ??= readFileSync(join(swaggerDir, file), 'utf8');
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    });
  }
}
