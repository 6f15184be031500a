// `npm run size`: gzipped JavaScript a first visit to each route downloads (entry + the app's start + static
// imports + the route's lazy chunk and its static imports), from web/dist/.vite/manifest.json. Every route has a budget
// (exit code 1 when one is over; tests/e2e/bundle-size.test.ts checks them too). `routeSizes()` is also used by
// `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { entryAndStart, type Manifest, staticClosure } from '../server/build-manifest';
import { PAGE_MODULES } from '../web/src/app/page-modules';

/** The routes measured. */
const MEASURED = [
  '/',
  '/auth',
  '/profil',
  '/moji-psi',
  '/ujemanja',
  '/events',
  '/trgovina',
  '/mesta',
  '/pogresani',
  '/chat',
  '/klepet',
] as const;
type Measured = (typeof MEASURED)[number];

/**
 * Each route's page modules, as keys of the manifest (a folder matches every module in it): the app's own
 * list (page-modules.ts), but for /auth, which counts every page of the auth folder (the sign-in page and the
 * e-mail link pages), as since issue 2.
 */
const ROUTES = Object.fromEntries(
  MEASURED.map((route) => [route, route === '/auth' ? 'src/features/auth/' : PAGE_MODULES[route]!]),
) as Record<Measured, string>;

/**
 * Budgets in KB gzipped, for every route (issue 32: 150 KB each). What a page shows below its first screen
 * or on a click (dialogs, the profile's settings and notifications) loads in chunks of its own.
 */
export const ROUTE_BUDGETS_KB = Object.fromEntries(MEASURED.map((route) => [route, 150])) as Record<
  Measured,
  number
>;

export interface RouteSize {
  route: string;
  kb: number;
  budgetKb?: number;
}

export function routeSizes(dist = path.join(import.meta.dirname, '..', 'web', 'dist')): RouteSize[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const closure = (keys: string[]) => staticClosure(manifest, keys);
  const gzipKb = (keys: Set<string>) =>
    [...keys].reduce(
      (sum, key) => sum + gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file))).length,
      0,
    ) / 1024;
  const { entries, start } = entryAndStart(manifest);
  const entry = [...entries, ...start];
  const sizes: RouteSize[] = [{ route: '(entry + static imports)', kb: gzipKb(closure(entry)) }];
  for (const [route, prefix] of Object.entries(ROUTES)) {
    const pages = Object.keys(manifest).filter((key) => key.startsWith(prefix));
    if (pages.length === 0) throw new Error(`${route}: no module ${prefix} in the manifest`);
    sizes.push({
      route,
      kb: gzipKb(closure([...entry, ...pages])),
      budgetKb: ROUTE_BUDGETS_KB[route as keyof typeof ROUTES],
    });
  }
  return sizes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let failed = false;
  for (const { route, kb, budgetKb } of routeSizes()) {
    failed ||= budgetKb !== undefined && kb > budgetKb;
    console.log(
      `${route}: ${kb.toFixed(1)} KB gzipped JavaScript${budgetKb === undefined ? '' : ` (budget ${budgetKb} KB)`}`,
    );
  }
  process.exit(failed ? 1 : 0);
}
