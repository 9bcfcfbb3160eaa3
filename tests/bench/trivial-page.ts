import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { Hono } from 'hono';

const OUT = 'bench-results/trivial';

/** Builds the trivial React page with the same tool chain (Rsbuild + React plugin, production). */
export async function buildTrivialPage(): Promise<void> {
  const rsbuild = await createRsbuild({
    cwd: process.cwd(),
    rsbuildConfig: {
      mode: 'production',
      plugins: [pluginReact()],
      source: { entry: { index: join(import.meta.dirname, 'trivial/index.tsx') } },
      output: { distPath: { root: OUT }, cleanDistPath: true },
      html: { title: 'Trivial', meta: { viewport: 'width=device-width, initial-scale=1' } },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      logLevel: 'warn',
    },
  });
  await rsbuild.build();
}

/** Serves the built page compressed with Hono on node-server, like the app serves its bundles. */
export async function serveTrivialPage(): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  const { compress } = await import('hono/compress');
  app.use('*', compress());
  app.use('*', serveStatic({ root: OUT }));
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', createServer }, () =>
      resolve(s as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
