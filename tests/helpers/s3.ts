import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; this is the part the tests use.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

/** A real S3-protocol server on a free loopback port, with its files in a temp dir. */
export async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-s3-'));
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
  });
  const { port } = await server.run();
  return {
    endPoint: '127.0.0.1',
    port,
    /** s3rver's fixed development credentials. */
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
