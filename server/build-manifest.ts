/**
 * The build's manifest (web/dist/.vite/manifest.json), read by the server for each page's preloads
 * (plugins/web.ts) and by the bundle-size check (scripts/bundle-size.ts): both count the same chunks.
 */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** `keys` and every chunk they import statically, as manifest keys. */
export function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * What every page runs: the entry, and the app's start, which the entry imports after the first paint
 * (web/src/main.tsx).
 */
export function entryAndStart(manifest: Manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return { entries, start: entries.flatMap((key) => manifest[key]!.dynamicImports ?? []) };
}
