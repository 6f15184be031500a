// `npm run build`: the web app (web/dist), the server bundle (dist/), the PGlite template and the demo photos.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build as bundle } from 'esbuild';
import { build as buildWeb } from 'vite';

const root = path.join(import.meta.dirname, '..');
process.chdir(root);

fs.rmSync('dist', { recursive: true, force: true });
await buildWeb({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
await prerenderPages();

// Brotli and gzip copies of every text file, made once here: the server sends them as they are
// (`preCompressed`), so phones download a quarter of the bytes and the server compresses nothing.
for (const entry of fs.readdirSync('web/dist', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}

/**
 * Packages stay in node_modules, except drizzle-orm: Node resolves each of its ~450 modules against a 175 KB
 * package.json, ~0.3 s of every start; bundled, it is one parse.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];
const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const externalPackages = Object.keys(dependencies)
  .filter((name) => !BUNDLED_PACKAGES.includes(name))
  .flatMap((name) => [name, `${name}/*`]);
// The server runs as plain ES modules: no TypeScript loader at start-up (≈0.7 s faster to /healthz).
await bundle({
  entryPoints: {
    server: 'server/index.ts',
    admin: 'scripts/admin.ts',
    'pglite-template': 'scripts/pglite-template.ts',
    'demo-photos': 'scripts/demo-photos.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  external: externalPackages,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});

/**
 * Every page, rendered here in each language as it first shows before the session is known
 * (web/dist/prerendered/<locale>/<route>.html): the server sends the one in the visitor's language, so the
 * first paint needs no JavaScript, and the app hydrates it (issue 32). The renderer stays in dist/render for
 * the server, which renders a member's own pages with their data (server/session-pages.ts): with every
 * package in it, as the production install has no web packages.
 */
async function prerenderPages() {
  const outDir = path.join(root, 'dist', 'render');
  await buildWeb({
    configFile: 'web/vite.config.ts',
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
    ssr: { noExternal: true },
  });
  // The tRPC socket client needs the class at creation (Node 20 has none); it never connects here.
  globalThis.WebSocket ??= class {};
  const { renderPage, PRERENDERED } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
  // The styles inline: the first paint then waits for the HTML alone, not for a second request beside the
  // scripts' (a `<style>` is allowed by the CSP; the scripts' later styles still come as files).
  const shell = fs
    .readFileSync('web/dist/index.html', 'utf8')
    .replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/, (_, file) => {
      return `<style>${fs.readFileSync(path.join('web/dist', file), 'utf8')}</style>`;
    });
  if (!shell.includes('<style>')) throw new Error("web/index.html's stylesheet was not found");
  for (const locale of ['sl', 'en', 'de', 'it']) {
    fs.mkdirSync(`web/dist/prerendered/${locale}`, { recursive: true });
    for (const route of PRERENDERED) {
      // React puts the page's <title> first; it belongs in <head>, in place of the shell's.
      const [, title, markup] = /^(<title>.*?<\/title>)?([^]*)$/.exec(await renderPage(route, locale));
      const html = shell
        .replace('<html lang="sl">', `<html lang="${locale}">`)
        .replace('/manifest.sl.webmanifest', `/manifest.${locale}.webmanifest`)
        .replace('<title>Tačke</title>', title ?? '<title>Tačke</title>')
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${markup}</div>`);
      if (!html.includes(markup)) throw new Error('web/index.html has no empty <div id="root"></div>');
      fs.writeFileSync(
        `web/dist/prerendered/${locale}/${route === '/' ? 'index' : route.slice(1)}.html`,
        html,
      );
    }
  }
}

for (const step of ['dist/pglite-template.mjs', 'dist/demo-photos.mjs']) {
  const { status } = spawnSync(process.execPath, [step], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
