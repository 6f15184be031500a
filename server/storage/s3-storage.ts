import { Client } from 'minio';
import type { Storage } from './storage';

export interface S3Options {
  endPoint: string;
  port?: number | undefined;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Base address of the bucket's objects for browsers; default `<endpoint>/<bucket>`. */
  publicUrl?: string | undefined;
  region?: string;
}

/** S3-compatible storage (MinIO, AWS S3, …) through the minio client. Creates the bucket if missing. */
export async function createS3Storage(options: S3Options): Promise<Storage> {
  const client = new Client({
    endPoint: options.endPoint,
    ...(options.port ? { port: options.port } : {}),
    useSSL: options.useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    pathStyle: true,
  });
  const { bucket } = options;
  if (!(await client.bucketExists(bucket))) {
    try {
      await client.makeBucket(bucket, options.region ?? 'us-east-1');
    } catch (error) {
      // Another instance created it in the meantime.
      if ((error as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }
  const scheme = options.useSSL ? 'https' : 'http';
  const port = options.port ? `:${options.port}` : '';
  const base = (options.publicUrl ?? `${scheme}://${options.endPoint}${port}/${bucket}`).replace(/\/+$/, '');
  return {
    async put(key, body, contentType) {
      await client.putObject(bucket, key, body, body.length, {
        'Content-Type': contentType,
        // Names are random and never reused: the object can be cached for good.
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
    async remove(keys) {
      if (keys.length) await client.removeObjects(bucket, [...keys]);
    },
    url: (key) => `${base}/${key}`,
    origin: new URL(base).origin,
  };
}
