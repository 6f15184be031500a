import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { IntlMessageFormat } from 'intl-messageformat';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { displayNamesFor } from '#shared/data/display-names';
import { isLocale, webMessages } from '#shared/i18n';
import { appManifest } from './app-manifest.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// changeOrigin stays false: the server's same-origin check compares Origin with Host.
const api = { target: 'http://localhost:3000', changeOrigin: false };

/** Libraries every page needs at start-up: one chunk instead of five compresses better and loads in one request. */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-intl|@formatjs|intl-messageformat|@tanstack|@trpc|superjson|copy-anything|clsx)[\\/]/;

/**
 * The version of the data the API sends: a hash of the server's and the shared code. What the browser kept
 * for offline use (web/src/lib/offline-cache.ts) under another version is dropped, as its shapes may differ.
 */
function dataVersion(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['server', 'src']) {
    const abs = path.join(root, '..', dir);
    const files = fs.readdirSync(abs, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    for (const file of files.sort()) hash.update(file).update(fs.readFileSync(path.join(abs, file)));
  }
  return hash.digest('base64url').slice(0, 16);
}

/**
 * Locale catalogues reach the browser as parsed ICU messages (still JSON), so the ICU parser (~7 KB
 * gzipped) is left out of the bundle, and without the keys only the server says (e-mails, pushes). The
 * server keeps reading the plain files.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'tacke:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}\.json$/.test(id)) return null;
      const messages = webMessages(JSON.parse(code) as Record<string, string>);
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [
          key,
          new IntlMessageFormat(message, 'en').getAst(),
        ]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * `virtual:display-names/<locale>`: the names one language shows for stored breeds, traits, places and
 * countries (src/data/display-names.ts), computed from the lists at build time, so the browser downloads a
 * small table per language with its catalogue instead of every list in every language.
 */
function displayNames(): Plugin {
  const prefix = 'virtual:display-names/';
  return {
    name: 'tacke:display-names',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : null),
    load(id) {
      const locale = id.startsWith(`\0${prefix}`) ? id.slice(prefix.length + 1) : null;
      if (locale === null) return null;
      if (!isLocale(locale)) throw new Error(`${id}: no such language`);
      return `export default ${JSON.stringify(displayNamesFor(locale))};`;
    },
  };
}

/**
 * The service worker (web/sw/sw.ts, issue 19), compiled to /sw.js with the list of files it keeps for offline
 * use: the shell, every script and style, the catalogues and the icons. The manifests are appManifest's.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The prerendered pages are for a first visit; offline, the shell renders each page itself.
      globIgnores: ['prerendered/**', '.vite/**'],
      // A classic script: every browser with service workers runs it (module workers came later to Firefox).
      rollupFormat: 'iife',
    },
  });

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  define: { __DATA_VERSION__: JSON.stringify(dataVersion()) },
  plugins: [
    precompiledMessages(),
    displayNames(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [appManifest(), serviceWorker()]),
  ],
  resolve: {
    alias: [
      // react-router's exports name only its development build, whose warnings then ship to every visitor
      // (remix-run/react-router#14102); the production build beside it is the same code without them.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts measure what each route loads.
    manifest: true,
    // Every browser with service workers and module scripts supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: SHELL_LIBRARIES },
            // What the entry itself runs, kept out of the start's chunk below (which it would then import).
            { name: 'main', test: /[\\/]app[\\/]worker-navigation\.ts$|vite\/preload-helper/, priority: 1 },
            // The app's start with the rest of what it imports (src/main.tsx loads it after the first paint),
            // as one chunk: split by which pages share each module, it was a dozen chunks of a few hundred bytes.
            { name: 'boot', test: /[\\/]web[\\/]src[\\/]boot\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { ...api, ws: true },
      '/api': api,
      '/media': api,
      '/healthz': api,
      '/pogresan': api,
    },
  },
}));
