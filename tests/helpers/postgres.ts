import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export interface ThrowawayPostgres {
  /** URL of the `postgres` database; use `createDatabase` for an isolated one. */
  url: string;
  stop(): void;
  /** Stop the server as an operator would (fast shutdown: open connections are cut); `start` brings it back. */
  shutDown(): void;
  /** Start it again after `shutDown`, on the same port and data. */
  start(): void;
  /** `shutDown` then `start`: what clients see of a PostgreSQL restart. */
  restart(): void;
}

const isRoot = process.getuid?.() === 0;

/** Where initdb and pg_ctl are: on PATH, or in Debian's versioned folder (newest first). */
function binDir(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v initdb']).stdout?.toString().trim();
  if (found) return path.dirname(found);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((d) => fs.existsSync(path.join(d, 'initdb')));
  return dir ?? null;
}

/** PostgreSQL can be started here: its binaries exist, and as root a `postgres` user to run them as. */
export function postgresAvailable(): boolean {
  if (!binDir()) return false;
  return !isRoot || spawnSync('id', ['postgres']).status === 0;
}

function asPostgres(program: string, args: string[]) {
  const command = path.join(binDir()!, program);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(cmd, argv, { stdio: 'pipe' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Start a PostgreSQL server in a temp dir on a free loopback port (as the postgres user when root). */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // Whether the server runs, so `stop` after `shutDown` only removes the files.
  let running = false;
  const start = () => {
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
    running = true;
  };
  const shutDown = () => {
    asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown,
    start,
    restart() {
      shutDown();
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (running) asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh, empty database on the server; returns its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `t_${crypto.randomUUID().replace(/-/g, '')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
