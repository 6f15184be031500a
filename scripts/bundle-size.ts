// `npm run size`: gzipped JavaScript a first visit to a route downloads (entry + static imports + the
// route's lazy chunk and its static imports), from web/dist/.vite/manifest.json. Budget: /auth ≤ 150 KB.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = path.join(import.meta.dirname, '..', 'web', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (keys: Set<string>) =>
  [...keys].reduce(
    (sum, key) => sum + gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file))).length,
    0,
  ) / 1024;

const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const routes: Record<string, string> = { '/auth': 'src/features/auth/' };
const budgetKb = 150;
let failed = false;
console.log(`initial (entry + static imports): ${gzipKb(closure(entry)).toFixed(1)} KB gzipped`);
for (const [route, dir] of Object.entries(routes)) {
  const pages = Object.keys(manifest).filter((key) => key.startsWith(dir));
  const kb = gzipKb(closure([...entry, ...pages]));
  failed ||= kb > budgetKb;
  console.log(`${route}: ${kb.toFixed(1)} KB gzipped JavaScript (budget ${budgetKb} KB)`);
}
process.exit(failed ? 1 : 0);
