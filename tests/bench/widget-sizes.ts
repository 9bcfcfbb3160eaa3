import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { widgetSnippet } from '../../shared/widget/snippet';

/**
 * The widget's two size budgets (issue 6): the paste-in snippet as the portal settings show it (for a
 * long platform origin, a non-default namespace and a portal id: the worst realistic case) and the built
 * runtime `dist/widget/embed.js`, both gzip level 9 as a CDN would serve them.
 */
export function widgetSizes(dist: string): { snippetBytes: number; runtimeKb: number } {
  const runtime = join(dist, 'widget', 'embed.js');
  if (!existsSync(runtime)) {
    const build = spawnSync('npx', ['rsbuild', 'build', '--environment', 'widget'], {
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR: dist },
    });
    if (build.status !== 0 || !existsSync(runtime)) throw new Error(`could not build ${runtime}`);
  }
  const snippet = widgetSnippet({
    origin: 'https://portal-platform.example-agency.com',
    portalId: '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b',
    namespace: 'ClientPortalSupport',
    mode: 'inline',
    element: '#client-portal',
  });
  return {
    snippetBytes: gzipSync(snippet, { level: 9 }).length,
    runtimeKb: gzipSync(readFileSync(runtime), { level: 9 }).length / 1024,
  };
}
