// `npm start`: build when an output is missing or older than its sources, then run the server bundle with the
// allocator settings of scripts/allocator.mjs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ALLOCATOR_ENV } from './allocator.mjs';

const root = path.join(import.meta.dirname, '..');
const outputs = ['dist/server.mjs', 'web/dist/index.html'].map((p) => path.join(root, p));
const sources = [
  'server',
  'src',
  'web/src',
  'web/sw',
  'web/index.html',
  'web/public',
  'web/vite.config.ts',
  'web/app-manifest.ts',
  'locales',
  'drizzle',
  'scripts',
].map((p) => path.join(root, p));

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const oldestOutput = Math.min(
  ...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
);
if (Math.max(...sources.map(newestMtime)) > oldestOutput) {
  console.log('Building…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (Object.keys(ALLOCATOR_ENV).every((name) => process.env[name] !== undefined)) {
  await import('../dist/server.mjs');
} else {
  // glibc reads them as a process starts, and this one started without them: the server runs in a child
  // that has them (the same Node and V8 flags). A signal to this process reaches it too.
  const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'dist', 'server.mjs')], {
    stdio: 'inherit',
    env: { ...ALLOCATOR_ENV, ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
}
