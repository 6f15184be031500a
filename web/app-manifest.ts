import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { LOCALES } from '#shared/i18n';

/**
 * The installable app's files, made at build time: a web app manifest per language
 * (`/manifest.<locale>.webmanifest`, names from locales/*.json `pwa.*`) and the icons drawn from the paw
 * of web/public/favicon.svg. The page links the manifest of its language (index.html, intl.tsx).
 */

export const THEME_COLOR = '#c2410c';
const BACKGROUND = '#fffaf3';
const PAW = /<g fill="#fffaf3">[^]*?<\/g>/.exec(
  fs.readFileSync(path.join(import.meta.dirname, 'public', 'favicon.svg'), 'utf8'),
)![0];

/** The paw on the brand colour, scaled to `scale` of the square about its centre (0..1). */
const square = (scale: number, corner = 0) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${corner}" fill="${THEME_COLOR}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${PAW}</g></svg>`;

const ICONS = {
  // "any": the favicon's rounded square.
  'icons/icon-192.png': { svg: square(1, 16), size: 192 },
  'icons/icon-512.png': { svg: square(1, 16), size: 512 },
  // Maskable: full bleed, the paw inside the central 80 % circle every launcher mask keeps.
  'icons/maskable-512.png': { svg: square(0.72), size: 512 },
  // iOS rounds the corners itself.
  'icons/apple-touch-icon.png': { svg: square(0.8), size: 180 },
  // Android's status bar draws only the alpha channel: the paw alone.
  'icons/badge-96.png': {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${PAW.replace(BACKGROUND, '#ffffff')}</svg>`,
    size: 96,
  },
};

function manifest(locale: string, messages: Record<string, string>) {
  return {
    id: '/',
    name: messages['pwa.name'],
    short_name: messages['pwa.shortName'],
    description: messages['pwa.description'],
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: THEME_COLOR,
    categories: ['social', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Every file by its path in web/dist. */
async function appFiles(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const [file, { svg, size }] of Object.entries(ICONS))
    files.set(
      file,
      await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
        .resize(size)
        .png()
        .toBuffer(),
    );
  for (const locale of LOCALES) {
    const messages = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '..', 'locales', `${locale}.json`), 'utf8'),
    ) as Record<string, string>;
    files.set(`manifest.${locale}.webmanifest`, Buffer.from(JSON.stringify(manifest(locale, messages))));
  }
  return files;
}

export function appManifest(): Plugin {
  let files: Promise<Map<string, Buffer>> | undefined;
  const made = () => (files ??= appFiles());
  return {
    name: 'tacke:app-manifest',
    async generateBundle() {
      for (const [fileName, source] of await made()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = req.url?.split('?')[0]?.slice(1) ?? '';
        void made().then((all) => {
          const body = all.get(file);
          if (!body) return next();
          res.setHeader('content-type', file.endsWith('.png') ? 'image/png' : 'application/manifest+json');
          res.end(body);
        }, next);
      });
    },
  };
}
