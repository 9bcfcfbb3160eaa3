import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

/*
 * The server's build, for `start.js` (which decides when, and where the result goes). Node loads this file
 * directly (it strips the types), so it imports packages and `node:` modules only.
 *
 * `api/cli/serve.ts` and everything it imports from our own code become ES modules (packages stay imports
 * of node_modules, resolved from the checkout's root). Every `import.meta.url` (and `.dirname`,
 * `.filename`) in our code keeps meaning the source file's own location, so what is found next to the code
 * (migrations, locale JSON, the password list, fonts) is read from the source tree, as under tsx. Code
 * that Node loads by path, `new URL('./some-worker.ts', import.meta.url)` (worker threads, child
 * processes), is built too, as `workers/<its path>.js`, and the URL points there: Node then runs it
 * without stripping types first.
 */

/** The bundle's entry; `serve.js` in the output folder. */
export const SERVER_ENTRY = 'api/cli/serve.ts';

/** `new URL('./file.ts', import.meta.url)`: code that Node loads by path. */
const BY_PATH = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Where a by-path source file's build goes, relative to the output folder. */
const builtPath = (root: string, source: string) =>
  `workers/${relative(root, source).split('\\').join('/').replace(/\.ts$/, '.js')}`;

/** A relative URL from one folder to a file. */
const urlFrom = (dir: string, file: string) => {
  const path = relative(dir, file).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

/**
 * Rewrites `import.meta.url|dirname|filename` of our modules into their source file's location, and the
 * URLs of by-path code into their build (collected in `byPath`, absolute source paths). `outDir`: where
 * this build's output files will be used from; `finalDir`: the whole build's.
 */
function sourceLocation(root: string, outDir: string, finalDir: string, byPath: Set<string>): Plugin {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        let contents = readFileSync(args.path, 'utf8');
        if (contents.includes('import.meta.')) {
          contents = contents.replace(BY_PATH, (_, _quote: string, file: string) => {
            const source = resolve(dirname(args.path), file);
            byPath.add(source);
            // Relative to the output file itself (placed after the rewrite below).
            return `new URL(${JSON.stringify(urlFrom(outDir, join(finalDir, builtPath(root, source))))}, __BUNDLE_URL__)`;
          });
          // Relative to the bundle, so the checkout may move after the build.
          const url = `new URL(${JSON.stringify(urlFrom(outDir, args.path))}, import.meta.url)`;
          contents = contents
            .replaceAll('import.meta.url', `${url}.href`)
            .replaceAll('import.meta.filename', `__sourcePath(${url})`)
            .replaceAll('import.meta.dirname', `__sourceDir(${url})`)
            .replaceAll('__BUNDLE_URL__', 'import.meta.url');
        }
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Packages that only some requests or jobs use and that cost tens of milliseconds each to load: the bundle
 * loads each one when its first export is touched (a call, `new`, a property), not at start. A start on
 * an existing database needs none of them.
 */
export const LAZY_PACKAGES = ['pdfkit', 'sharp', '@aws-sdk/client-s3', 'stripe', 'file-type', 'resend'];

/**
 * A stand-in module for each of {@link LAZY_PACKAGES}: the package's exports (their names read from the
 * package itself at build time), each a proxy that `require`s the package at its first use (Node requires
 * ES modules too) and forwards everything to the real value from then on.
 */
function lazyPackages(root: string): Plugin {
  const runtime = `const requireHere = process.getBuiltinModule('node:module').createRequire(import.meta.url);
export function lazyPackage(name) {
  let mod;
  const load = () => (mod ??= requireHere(name));
  // An ES module's namespace when the package is one, else module.exports (what \`import x from\` gives).
  const isNamespace = () => load()?.[Symbol.toStringTag] === 'Module';
  return {
    default: lazyValue(() => (isNamespace() ? load().default : load())),
    named: (key) => lazyValue(() => load()[key]),
  };
}
function lazyValue(get) {
  // A function target, so that the proxy can be called and constructed.
  const proxy = new Proxy(function lazy() {}, {
    apply: (_, self, args) => Reflect.apply(get(), self, args),
    construct: (_, args, newTarget) => Reflect.construct(get(), args, newTarget === proxy ? get() : newTarget),
    get: (_, key) => Reflect.get(get(), key),
    set: (_, key, value) => Reflect.set(get(), key, value),
    has: (_, key) => Reflect.has(get(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
  });
  return proxy;
}
`;
  return {
    name: 'lazy-packages',
    setup(build) {
      const filter = new RegExp(
        `^(${LAZY_PACKAGES.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
      );
      build.onResolve({ filter }, (args) =>
        /[\\/]node_modules[\\/]/.test(args.importer)
          ? undefined
          : { path: args.path, namespace: 'lazy-package' },
      );
      build.onResolve({ filter: /^lazy-package-runtime$/ }, () => ({
        path: 'runtime',
        namespace: 'lazy-runtime',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-runtime' }, () => ({ contents: runtime, loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, async (args) => {
        // Names as `import { name }` sees them (for a CommonJS package, what Node detects statically).
        const names = Object.keys(await import(args.path)).filter((name) => name !== 'default');
        const contents = [
          "import { lazyPackage } from 'lazy-package-runtime';",
          `const pkg = lazyPackage(${JSON.stringify(args.path)});`,
          'export default pkg.default;',
          ...names.map((name, i) => `const e${i} = pkg.named(${JSON.stringify(name)});`),
          `export { ${names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(', ')} };`,
        ].join('\n');
        return { contents, loader: 'js', resolveDir: root };
      });
    },
  };
}

/**
 * Bundles the server into `outDir` for use from `finalDir` (a folder at the same depth: the build goes to a
 * temporary folder first). Returns the source files it was made from, relative to `root`.
 */
export async function bundleServer(root: string, outDir: string, finalDir: string): Promise<string[]> {
  const esbuild = await import('esbuild');
  const byPath = new Set<string>();
  const options = {
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    banner: {
      js: [
        "import { dirname as __dirnameOf } from 'node:path';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const __sourcePath = (url) => __fileURLToPath(url);',
        'const __sourceDir = (url) => __dirnameOf(__fileURLToPath(url));',
      ].join('\n'),
    },
  } satisfies BuildOptions;
  const plugins = (dir: string) => [lazyPackages(root), sourceLocation(root, dir, finalDir, byPath)];
  const inputs = new Set<string>();
  const collect = (result: { metafile: Metafile }) => {
    for (const input of Object.keys(result.metafile.inputs)) {
      // Files only: not packages, not the stand-ins (`<namespace>:<path>`).
      if (!/(^|[\\/])node_modules[\\/]/.test(input) && !/^[\w-]+:/.test(input)) inputs.add(input);
    }
  };
  collect(
    await esbuild.build({
      ...options,
      entryPoints: { serve: join(root, SERVER_ENTRY) },
      // Every chunk is at the output folder's top.
      plugins: plugins(finalDir),
      // Dynamic imports become chunks of their own: `api/main.ts` opens the database before the server's
      // code (and its packages) load.
      splitting: true,
    }),
  );
  // By-path code, each file whole (a worker has no chunks to share); it may name more by-path code.
  const built = new Set<string>();
  for (let pending = [...byPath]; pending.length > 0; pending = [...byPath].filter((f) => !built.has(f))) {
    for (const source of pending) {
      built.add(source);
      collect(
        await esbuild.build({
          ...options,
          entryPoints: [{ in: source, out: builtPath(root, source).replace(/\.js$/, '') }],
          plugins: plugins(dirname(join(finalDir, builtPath(root, source)))),
        }),
      );
    }
  }
  return [...inputs].sort();
}
