import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

export const MEDIA_PREFIX = '/media/';

/** Files under `root` (DATA_DIR/uploads), served by the app at /media/. */
export function createFsStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made by the server, but a path must never leave the root whatever it is given.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Key outside storage: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.part`;
      try {
        await fs.writeFile(partial, body);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },
    url: (key) => MEDIA_PREFIX + key,
  };
}
