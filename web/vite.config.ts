import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { IntlMessageFormat } from 'intl-messageformat';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// changeOrigin stays false: the server's same-origin check compares Origin with Host.
const api = { target: 'http://localhost:3000', changeOrigin: false };

/** Libraries every page needs at start-up: one chunk instead of five compresses better and loads in one request. */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-intl|@formatjs|intl-messageformat|@tanstack|@trpc|superjson|copy-anything|clsx)[\\/]/;

/**
 * Locale catalogues reach the browser as parsed ICU messages (still JSON), so the ICU parser (~7 KB
 * gzipped) is left out of the bundle. The server keeps reading the plain files.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'tacke:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
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

export default defineConfig({
  root,
  plugins: [precompiledMessages(), react(), tailwindcss()],
  resolve: {
    alias: [
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: SHELL_LIBRARIES }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { ...api, ws: true },
      '/api': api,
      '/media': api,
      '/healthz': api,
    },
  },
});
