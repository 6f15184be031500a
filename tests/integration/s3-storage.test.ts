import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { createS3Storage } from '../../server/storage/s3-storage';
import { startTestApp, type TestApp } from '../helpers/app';
import { jpeg } from '../helpers/images';
import { startS3 } from '../helpers/s3';
import { upload } from '../helpers/uploads';

let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

const options = (bucket: string) => ({ ...s3, useSSL: false, bucket });

describe('S3 storage driver (against s3rver)', () => {
  it('creates a missing bucket, stores, serves and removes objects', async () => {
    const storage = await createS3Storage(options('photos-a'));
    // A second instance finds the bucket already there.
    await createS3Storage(options('photos-a'));
    await storage.put('dogs/abc_thumb.webp', Buffer.from('webp bytes'), 'image/webp');
    const url = storage.url('dogs/abc_thumb.webp');
    expect(url).toBe(`http://127.0.0.1:${s3.port}/photos-a/dogs/abc_thumb.webp`);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(await got.text()).toBe('webp bytes');

    await storage.remove(['dogs/abc_thumb.webp', 'dogs/never-there.webp']);
    expect((await fetch(url)).status).toBe(404);
  });

  it('builds addresses on S3_PUBLIC_URL when given (a CDN or proxy in front of the bucket)', async () => {
    const storage = await createS3Storage({
      ...options('photos-b'),
      publicUrl: 'https://cdn.tacke.si/photos/',
    });
    expect(storage.url('dogs/x_full.webp')).toBe('https://cdn.tacke.si/photos/dogs/x_full.webp');
    expect(storage.origin).toBe('https://cdn.tacke.si');
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      S3_ENDPOINT: s3.endPoint,
      S3_PORT: String(s3.port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'tacke-photos',
    });
  });
  afterAll(() => t.close());

  it('uploads variants to the bucket, allows them in the CSP, and removes them with the dog', async () => {
    const { token } = await t.signedInUser();
    const { status, body } = await upload(t.app, { token, file: await jpeg(800, 600) });
    expect(status).toBe(200);
    expect(body.urls.thumb).toBe(`http://127.0.0.1:${s3.port}/tacke-photos/${body.key}_thumb.webp`);
    const thumb = await fetch(body.urls.thumb);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(200);

    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: http://127.0.0.1:${s3.port} https://tile.openstreetmap.org`,
    );

    const me = await t.caller(token);
    const dog = await me.dogs.create({
      name: 'Runo',
      breed: 'Mešanec',
      age: 3,
      gender: 'male',
      location: 'Ljubljana',
      photos: [body.key],
    });
    expect(dog.photos[0]?.full).toBe(body.urls.full);
    await me.dogs.remove({ id: dog.id });
    expect((await fetch(body.urls.full)).status).toBe(404);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, body.key))).toEqual([]);
  });
});
