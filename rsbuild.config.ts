import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type EnvironmentConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTES, type RemoteRecord, remoteExposes, remotePath } from './shared/remotes';
import { PLATFORM_ICON } from './shared/ui/favicon';

/**
 * One config: the host, one environment per remote of the registry (`shared/remotes.ts`), the portal and the
 * widget (DESIGN.md "Frontend"). Each builds alone with `rsbuild build --environment NAME` into
 * `dist/NAME/`; the API serves them at the prefixes below.
 */
const API_DEV_TARGET = 'http://localhost:3001';

const root = import.meta.dirname;
/** Where builds go (one folder per environment); `DIST_DIR` lets parallel work trees build side by side. */
const distRoot = process.env.DIST_DIR ?? 'dist';

/**
 * The UI kit is shared as a singleton by file: every module in `shared/ui/` gets a share key
 * `@platform/ui/<file>`, and likewise the conversation (`shared/conversation/`, `@platform/conversation/<file>`:
 * one outbox and one list of open conversations whether the host's Messages page or a remote's project page
 * shows it), and the file components (`shared/files/`, `@platform/files/<file>`: the files section and the
 * projects section's Files tab use one copy; the host does not provide these, the first remote to load does).
 * Keys that start with `./` are matched on the resolved file, so code keeps plain relative imports
 * (no tsconfig paths needed) and host and remotes still get one instance.
 */
function kitShared(folder: string, keyPrefix: string) {
  const dir = join(root, folder);
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  return Object.fromEntries(
    files.map((file) => [
      `./${folder}/${file}`,
      {
        shareKey: `${keyPrefix}/${file.replace(/\.tsx?$/, '')}`,
        singleton: true,
        version: '0.1.0',
        requiredVersion: '^0.1.0',
      },
    ]),
  );
}

/**
 * The router singleton is `shared/router.ts` (share key `@platform/router`), which re-exports only what the
 * apps use: Module Federation ships a shared package whole, so sharing `react-router` itself would put all of
 * it in every first load. Inside our module, `react-router` (side-effect free) is tree-shaken.
 */
const routerShared = {
  './shared/router.ts': {
    shareKey: '@platform/router',
    singleton: true,
    version: '7.18.5',
    requiredVersion: '^7.18.5',
  },
  // Same for react-i18next: `shared/i18n/react.ts` re-exports the hooks the apps use.
  './shared/i18n/react.ts': {
    shareKey: '@platform/i18n-react',
    singleton: true,
    version: '17.1.13',
    requiredVersion: '^17.1.13',
  },
};

const shared = {
  react: { singleton: true },
  'react/': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/': { singleton: true },
  // The router is shared as our own module (see routerShared), not as the whole `react-router` package.
  ...routerShared,
  '@tanstack/react-query': { singleton: true },
  i18next: { singleton: true },
  ...kitShared('shared/ui', '@platform/ui'),
  ...kitShared('shared/conversation', '@platform/conversation'),
  ...kitShared('shared/files', '@platform/files'),
};

/**
 * Versions the host provides to the remotes at runtime (`host/federation/runtime.ts`): the host is not built
 * with the MF plugin, it registers its own module instances under the same share keys the remotes consume.
 */
const installed = (pkg: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
const hostSharedVersions = {
  react: installed('react'),
  'react-dom': installed('react-dom'),
  '@tanstack/react-query': installed('@tanstack/react-query'),
  i18next: installed('i18next'),
  '@platform/router': routerShared['./shared/router.ts'].version,
  '@platform/i18n-react': routerShared['./shared/i18n/react.ts'].version,
  '@platform/ui': '0.1.0',
  '@platform/conversation': '0.1.0',
};

const federated = (name: string, exposes: Record<string, string>) =>
  pluginModuleFederation(
    {
      name,
      exposes,
      shared,
      shareStrategy: 'loaded-first',
      // A stable container name; the manifest (fetched fresh) points at it.
      filename: 'remoteEntry.js',
      dts: false,
      // Browser-only builds: drop the MF runtime's Node.js loading code from every entry. The runtime
      // itself is the host's (it provides it as `_FEDERATION_RUNTIME_CORE`), so it is not loaded twice.
      experiments: { optimization: { target: 'web' }, externalRuntime: true },
      // Remote URLs are not known at build time: the host registers them from GET /api/config.
      remotes: {},
    },
    { environment: name },
  );

/**
 * Writes `file.br` and `file.gz` next to every text asset after a production build; the API's
 * `serveStatic({ precompressed: true })` serves them to clients that accept them, at no CPU cost per request.
 */
const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'platform:precompress',
  setup(api) {
    api.onAfterBuild(({ environments }) => {
      for (const { distPath } of Object.values(environments)) {
        const files = readdirSync(distPath, { recursive: true, encoding: 'utf8' });
        for (const file of files.filter((f) => /\.(js|css|html|json|svg|txt)$/.test(f))) {
          const path = join(distPath, file);
          const body = readFileSync(path);
          if (body.length < 1024) continue;
          writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      }
    });
  },
});

/** Where `embed/portal/index.html` wants its start-up script. */
const PORTAL_BOOT_MARKER = '<!-- portal-boot -->';

/**
 * Inlines the portal's start-up script (`embed/portal/boot.ts`, the portal's `boot` entry, built without a
 * page of its own) into `index.html` at `<!-- portal-boot -->`: it must run before anything has downloaded.
 */
const pluginInlinePortalBoot = (): RsbuildPlugin => ({
  name: 'platform:inline-portal-boot',
  setup(api) {
    api.modifyHTML((html, { compilation }) => {
      if (!html.includes(PORTAL_BOOT_MARKER)) return html;
      const files = compilation.entrypoints.get('boot')?.getFiles() ?? [];
      const code = files
        .filter((file) => file.endsWith('.js'))
        .map((file) => compilation.getAsset(file)?.source.source().toString() ?? '')
        .join('\n')
        .replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '')
        .trim();
      if (!code) throw new Error('the portal start-up script (embed/portal/boot.ts) was not built');
      return html.replace(
        PORTAL_BOOT_MARKER,
        () => `<script>${code.replace(/<\/(script)/gi, '<\\/$1')}</script>`,
      );
    });
  },
});

const html = (template: string): EnvironmentConfig['html'] => ({
  template: join(root, template),
  meta: {
    viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    'theme-color': '#4f46e5',
    'color-scheme': 'light',
  },
  // The tab icon, inline (a portal swaps in its own once its branding is known: `embed/portal/branding`).
  tags: [{ tag: 'link', attrs: { rel: 'icon', href: PLATFORM_ICON }, head: true }],
});

/** A remote's environment; what it exposes comes from its registry record (`remoteExposes`). */
function remoteEnvironment(remote: RemoteRecord): EnvironmentConfig {
  const { name } = remote;
  return {
    source: { entry: { index: `./remotes/${name}/index.ts` } },
    output: { distPath: { root: `${distRoot}/${name}` }, assetPrefix: remotePath(name) },
    dev: { assetPrefix: remotePath(name) },
    // A remote has no page of its own; the host mounts what it exposes.
    tools: { htmlPlugin: false },
    // Rspack emits no container (remoteEntry.js) for an empty `exposes`, so each remote exposes at least its
    // identity (`./meta`: section name + contract version, nothing user-visible).
    plugins: [pluginReact(), federated(name, remoteExposes(remote))],
  };
}

export default defineConfig({
  plugins: [pluginPrecompress()],
  server: {
    port: 3000,
    proxy: { '/api': { target: API_DEV_TARGET, ws: true, changeOrigin: false } },
    historyApiFallback: {
      rewrites: [
        { from: /^\/portal(\/.*)?$/, to: '/portal/index.html' },
        { from: /^\/remotes\//, to: '/404' },
        { from: /./, to: '/index.html' },
      ],
    },
  },
  resolve: {
    // react-router's package exports name only its development build; the production build drops dev-only
    // warnings and checks (same API).
    alias: {
      'react-router$': join(root, 'node_modules/react-router/dist/production/index.mjs'),
      // React 19 has useSyncExternalStore: react-i18next's shim import needs no fallback.
      'use-sync-external-store/shim$': join(root, 'shared/i18n/use-sync-external-store-shim.ts'),
    },
  },
  output: {
    // Public pages must not shift or wait on fonts: system font stack only, no web fonts.
    legalComments: 'none',
  },
  environments: {
    host: {
      output: { distPath: { root: `${distRoot}/host` }, assetPrefix: '/' },
      html: html('host/index.html'),
      splitChunks: {
        preset: 'default',
        cacheGroups: {
          react: {
            test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'lib-react',
            chunks: 'all',
            priority: 20,
          },
        },
      },
      // No MF plugin here: the host's first load carries no federation runtime. `host/federation/` loads the
      // runtime on first use and provides the host's own react, router, query, i18n and UI kit instances.
      source: {
        entry: { index: './host/index.ts' },
        define: { __HOST_SHARED_VERSIONS__: JSON.stringify(hostSharedVersions) },
      },
      plugins: [pluginReact()],
    },
    ...Object.fromEntries(REMOTES.map((remote) => [remote.name, remoteEnvironment(remote)])),
    portal: {
      source: {
        entry: {
          index: './embed/portal/index.tsx',
          // Inlined into the page by pluginInlinePortalBoot: no page, no <script> tag of its own.
          boot: { import: './embed/portal/boot.ts', html: false },
        },
      },
      output: { distPath: { root: `${distRoot}/portal` }, assetPrefix: '/portal/' },
      dev: { assetPrefix: '/portal/' },
      html: html('embed/portal/index.html'),
      // The start-up script stands alone (it is inlined): nothing of it goes into a shared chunk.
      splitChunks: { chunks: (chunk) => chunk.name !== 'boot' },
      plugins: [pluginReact(), pluginInlinePortalBoot()],
    },
    widget: {
      source: { entry: { embed: './embed/widget/embed.ts' } },
      output: {
        distPath: { root: `${distRoot}/widget`, js: '' },
        assetPrefix: '/widget/',
        filename: { js: '[name].js' },
        filenameHash: false,
        sourceMap: { js: false },
      },
      dev: { assetPrefix: '/widget/' },
      tools: { htmlPlugin: false },
      splitChunks: false,
    },
  },
});
