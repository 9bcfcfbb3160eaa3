import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTES } from '../../shared/remotes';

/** The repository root (this file is remotes/dev/config.ts). */
export const ROOT = join(import.meta.dirname, '..', '..');
export const API_DEV_TARGET = 'http://localhost:3001';
export const STANDALONE_PORT = 3100;

/** The remotes whose registry record has a section (`remotes/<name>/section.tsx`): they can run standalone. */
export const STANDALONE_REMOTES = REMOTES.filter((remote) => remote.section).map((remote) => remote.name);

/** The section file of a remote that has one, else null. */
export function sectionFile(name: string): string | null {
  if (!STANDALONE_REMOTES.some((remote) => remote === name)) return null;
  const file = join(ROOT, 'remotes', name, 'section.tsx');
  return existsSync(file) ? file : null;
}

/**
 * Development only: one remote's section on a page of its own (`remotes/dev/main.tsx`), without Module
 * Federation. The section is imported directly (alias `@remote-section`), inside the same providers the host
 * gives it: the query client with the host's defaults, the i18n instance, the router (the section keeps its
 * real path, /dashboard/<name>), the UI kit's styles and the toast outlet. /api goes to the development API,
 * as in the top-level `rsbuild.config.ts`; the production build of the remote is untouched by this file.
 */
export function standaloneConfig(name: string): RsbuildConfig {
  const section = sectionFile(name);
  if (!section) throw new Error(`remotes/${name}/section.tsx does not exist`);
  return {
    source: {
      entry: { index: join(ROOT, 'remotes/dev/main.tsx') },
      define: { __REMOTE_NAME__: JSON.stringify(name) },
    },
    resolve: {
      alias: {
        '@remote-section': section,
        // As in rsbuild.config.ts: the production build of react-router (same API, no dev-only checks).
        'react-router$': join(ROOT, 'node_modules/react-router/dist/production/index.mjs'),
      },
    },
    html: { template: join(ROOT, 'remotes/dev/index.html') },
    server: {
      port: STANDALONE_PORT,
      proxy: { '/api': { target: API_DEV_TARGET, ws: true, changeOrigin: false } },
      historyApiFallback: true,
    },
    plugins: [pluginReact()],
  };
}
