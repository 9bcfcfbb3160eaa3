import type { createInstance, ModuleFederation } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as TanStackQuery from '@tanstack/react-query';
import * as I18next from 'i18next';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as I18nReact from '../../shared/i18n/react';
import * as Router from '../../shared/router';
import { errorLoadRemotePlugin } from './error-load-remote';

/**
 * The Module Federation runtime of the host, created on first use (DESIGN.md "Frontend").
 *
 * The host is not built with the MF plugin, so its first load carries no federation runtime; this module
 * (with `@module-federation/enhanced/runtime`) is its own chunk, loaded only when a section is needed. It
 * PROVIDES the host's own module instances as singletons under the share keys the remotes consume, so a
 * remote never loads a second React, router, query client, i18next or UI kit:
 *
 * - react, react-dom, the router, the i18n binding, i18next and TanStack Query are in the host's graph by the
 *   time a section loads (this chunk is imported from the dashboard, under the query client), so they are
 *   given as `lib` (already loaded; with `loaded-first` a loaded version always wins over a remote's own);
 * - each `shared/ui` file is given lazily (`get`), so a kit file the host has not used yet loads on request,
 *   still as the host's one instance (Rspack's module cache returns the same module if it is loaded).
 */
const V = __HOST_SHARED_VERSIONS__;

type Provided = NonNullable<Parameters<typeof createInstance>[0]['shared']>[string];

const singleton = (
  version: string,
  provide: { lib: () => unknown } | { get: () => Promise<() => unknown> },
) =>
  ({
    version,
    shareConfig: { singleton: true, requiredVersion: `^${version}` },
    ...provide,
  }) as Provided;

const lib = (version: string, module: unknown) => singleton(version, { lib: () => module });

/** Provides each module of a `webpackContext` (lazily) under `<prefix>/<file>`. */
function lazyKit(kit: { keys(): string[]; (id: string): unknown }, prefix: string, version: string) {
  return Object.fromEntries(
    kit
      .keys()
      .filter((key) => key.startsWith('./'))
      .map((key) => [
        `${prefix}/${key.slice(2).replace(/\.tsx?$/, '')}`,
        singleton(version, {
          get: () => (kit(key) as Promise<unknown>).then((module) => () => module),
        }),
      ]),
  );
}

/**
 * Every `shared/ui/<file>` as `@platform/ui/<file>` and `shared/conversation/<file>` as
 * `@platform/conversation/<file>`, the keys `rsbuild.config.ts` gives the remotes (the context's arguments
 * must be literals, hence two calls). The file components (`@platform/files`) are not the host's: only
 * remotes show them, and they share one copy among themselves (each lazy module provided here would add
 * its chunk's entry to the host's first load).
 */
function kits(): Record<string, Provided> {
  const ui = import.meta.webpackContext('../../shared/ui', {
    recursive: false,
    regExp: /^\.\/[\w-]+\.tsx?$/,
    exclude: /\.test\.tsx?$/,
    mode: 'lazy',
  });
  const conversation = import.meta.webpackContext('../../shared/conversation', {
    recursive: false,
    regExp: /^\.\/[\w-]+\.tsx?$/,
    exclude: /\.test\.tsx?$/,
    mode: 'lazy',
  });
  return {
    ...lazyKit(ui, '@platform/ui', V['@platform/ui']),
    ...lazyKit(conversation, '@platform/conversation', V['@platform/conversation']),
  };
}

function hostShared(): Record<string, Provided> {
  return {
    react: lib(V.react, React),
    'react/jsx-runtime': lib(V.react, ReactJsxRuntime),
    'react-dom': lib(V['react-dom'], ReactDOM),
    'react-dom/client': lib(V['react-dom'], ReactDOMClient),
    ...(process.env.NODE_ENV === 'production'
      ? {}
      : {
          'react/jsx-dev-runtime': singleton(V.react, {
            get: () => import('react/jsx-dev-runtime').then((module) => () => module),
          }),
        }),
    '@platform/router': lib(V['@platform/router'], Router),
    '@platform/i18n-react': lib(V['@platform/i18n-react'], I18nReact),
    // The module namespace, not the instance: a remote's `import i18next from 'i18next'` reads `.default`.
    i18next: lib(V.i18next, I18next),
    '@tanstack/react-query': lib(V['@tanstack/react-query'], TanStackQuery),
    ...kits(),
  };
}

let instance: Promise<ModuleFederation> | null = null;

/**
 * The host's federation instance: loads the MF runtime (its own chunk) and creates the instance named
 * `host` with the error plugin and the provided singletons, once. Remotes are registered by `remotes.ts`.
 */
export function federation(): Promise<ModuleFederation> {
  instance ??= import('@module-federation/enhanced/runtime')
    .then(({ createInstance }) =>
      createInstance({
        name: 'host',
        remotes: [],
        shared: hostShared(),
        shareStrategy: 'loaded-first',
        // Remotes are built with `externalRuntime`: they use this runtime instead of shipping their own.
        plugins: [injectExternalRuntimeCore(), errorLoadRemotePlugin()],
      }),
    )
    .catch((error: unknown) => {
      instance = null;
      throw error;
    });
  return instance;
}
