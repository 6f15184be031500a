import fs from 'node:fs';
import path from 'node:path';

/** The project folder: the nearest one up with package.json, so paths hold in source and in the bundle. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);
