import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import { startTestApp, type TestApp } from '../helpers/app';
import { jpeg, png, pngHeader } from '../helpers/images';
import { upload } from '../helpers/uploads';

let t: TestApp;
let token: string;
let userId: string;
let photo: Buffer;

const storedFiles = () => {
  const dir = path.join(t.config.dataDir, 'uploads');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
};

beforeAll(async () => {
  t = await startTestApp('pglite');
  ({
    token,
    user: { id: userId },
  } = await t.signedInUser());
  photo = await jpeg(1200, 900);
});
afterAll(() => t.close());

describe('POST /api/uploads', () => {
  it('stores WebP variants 200/512/full under a random name, strips metadata and records the owner', async () => {
    const { status, body } = await upload(t.app, { token, file: photo, kind: 'dog' });
    expect(status).toBe(200);
    expect(body.key).toMatch(/^dogs\/[a-z2-7]{26}$/);
    expect(body.urls).toEqual({
      thumb: `/media/${body.key}_thumb.webp`,
      medium: `/media/${body.key}_med.webp`,
      full: `/media/${body.key}_full.webp`,
    });
    const widths: number[] = [];
    for (const url of [body.urls.thumb, body.urls.medium, body.urls.full]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      widths.push(meta.width ?? 0);
    }
    // Never enlarged: the 1200 px original stays 1200 px wide as "full".
    expect(widths).toEqual([LIMITS.upload.widths.thumb, LIMITS.upload.widths.medium, 1200]);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, body.key));
    expect(row).toMatchObject({ ownerId: userId, kind: 'dog', attachedAt: null });
  });

  it('keeps kinds in their folders and accepts PNG', async () => {
    const { status, body } = await upload(t.app, {
      token,
      file: await png(300, 300),
      kind: 'profile',
      name: 'a.png',
    });
    expect(status).toBe(200);
    expect(body.key).toMatch(/^profiles\//);
    const event = await upload(t.app, { token, file: photo, kind: 'event' });
    expect(event.body.key).toMatch(/^events\//);
  });

  describe('refuses bad input with a clear error and stores nothing', () => {
    const cases: Array<[string, () => Promise<Parameters<typeof upload>[1]>, number, string]> = [
      [
        'a text file renamed .jpg',
        async () => ({ token, file: Buffer.from('hello, not a photo\n'.repeat(50)), name: 'dog.jpg' }),
        415,
        'UPLOAD_NOT_IMAGE',
      ],
      [
        'an 11 MB file',
        async () => ({ token, file: Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]) }),
        413,
        'UPLOAD_TOO_LARGE',
      ],
      ['an empty file', async () => ({ token, file: Buffer.alloc(0) }), 400, 'UPLOAD_NO_FILE'],
      ['no file at all', async () => ({ token }), 400, 'UPLOAD_NO_FILE'],
      [
        'a file in another field',
        async () => ({ token, file: photo, field: 'photo' }),
        400,
        'UPLOAD_NO_FILE',
      ],
      [
        'a truncated JPEG',
        async () => ({ token, file: photo.subarray(0, Math.floor(photo.length / 2)) }),
        415,
        'UPLOAD_NOT_IMAGE',
      ],
      [
        'a 50000×50000 PNG header',
        async () => ({ token, file: pngHeader(50_000, 50_000), name: 'bomb.png' }),
        413,
        'UPLOAD_DIMENSIONS',
      ],
      [
        'a GIF',
        async () => ({
          token,
          file: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          name: 'a.gif',
        }),
        415,
        'UPLOAD_NOT_IMAGE',
      ],
      ['an unknown kind', async () => ({ token, file: photo, kind: 'user' }), 400, 'VALIDATION'],
      ['a signed-out visitor', async () => ({ file: photo }), 401, 'UNAUTHENTICATED'],
      ['a forged session', async () => ({ token: 'x'.repeat(32), file: photo }), 401, 'UNAUTHENTICATED'],
      [
        'another site',
        async () => ({
          token,
          file: photo,
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        }),
        403,
        'CROSS_ORIGIN',
      ],
    ];
    it.each(cases)('%s', async (_name, options, status, code) => {
      const filesBefore = storedFiles().length;
      const rowsBefore = (await t.db.select().from(uploads)).length;
      const response = await upload(t.app, await options());
      expect(response.status).toBe(status);
      expect(response.body.code).toBe(code);
      expect(storedFiles().length).toBe(filesBefore);
      expect((await t.db.select().from(uploads)).length).toBe(rowsBefore);
    });
  });

  it('limits each user to LIMITS.upload.perHour uploads an hour', async () => {
    const { token: busy, user } = await t.signedInUser();
    await t.db.insert(uploads).values(
      Array.from({ length: LIMITS.upload.perHour }, (_, i) => ({
        key: `dogs/${String(i).padStart(26, 'a')}`,
        ownerId: user.id,
        kind: 'dog' as const,
      })),
    );
    const refused = await upload(t.app, { token: busy, file: photo });
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_UPLOADS' } });
    // Others are not affected.
    expect((await upload(t.app, { token, file: photo })).status).toBe(200);
  });

  it('counts parallel uploads exactly against the hourly limit', async () => {
    const { token: racer, user } = await t.signedInUser();
    const small = await jpeg(40, 30);
    const extra = 15;
    const statuses = await Promise.all(
      Array.from({ length: LIMITS.upload.perHour + extra }, () =>
        upload(t.app, { token: racer, file: small }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.upload.perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, user.id))).toHaveLength(
      LIMITS.upload.perHour,
    );
  });

  it('gives the slot back when the file is not an image', async () => {
    const { token: owner, user } = await t.signedInUser();
    expect((await upload(t.app, { token: owner, file: Buffer.from('not an image at all') })).status).toBe(
      415,
    );
    expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, user.id))).toHaveLength(0);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=dog',
      payload: { file: 'x' },
      headers: { cookie: `tacke_session=${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'UPLOAD_NO_FILE' });
  });

  it('serves no path outside the uploads folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/..%2f..%2fpglite.lock' });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(String(process.pid));
  });
});
