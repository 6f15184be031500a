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

/** Anyone may read objects (photos are public, as in the spec's photos bucket); nobody else may list or write. */
function publicReadPolicy(bucket: string) {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetObject'],
        Resource: [`arn:aws:s3:::${bucket}/*`],
      },
    ],
  });
}

/**
 * S3-compatible storage (MinIO, AWS S3, …) through the minio client. A missing bucket is created and made
 * publicly readable; where the server refuses that (AWS Block Public Access, test servers), a warning
 * says so and S3_PUBLIC_URL must point at something that can read the objects.
 */
export async function createS3Storage(
  options: S3Options,
  log?: { warn(obj: object, msg: string): void },
): Promise<Storage> {
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
    try {
      await client.setBucketPolicy(bucket, publicReadPolicy(bucket));
    } catch (err) {
      log?.warn({ err, bucket }, 'could not make the new bucket publicly readable');
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
