import type { FastifyInstance } from 'fastify';
import type { Photo } from '#shared/schemas/uploads';

/** A multipart body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, { data: Buffer; name: string; type?: string }>) {
  const form = new FormData();
  for (const [field, file] of Object.entries(fields))
    form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }), file.name);
  const request = new Request('http://tacke.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** POST /api/uploads through the app; returns status and parsed body. */
export async function upload(
  app: FastifyInstance,
  opts: {
    token?: string;
    kind?: string;
    file?: Buffer;
    name?: string;
    field?: string;
    headers?: Record<string, string>;
  },
) {
  const { payload, contentType } = await multipart(
    opts.file
      ? { [opts.field ?? 'file']: { data: opts.file, name: opts.name ?? 'photo.jpg', type: 'image/jpeg' } }
      : {},
  );
  const response = await app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${opts.kind ?? 'dog'}`,
    payload,
    headers: {
      'content-type': contentType,
      ...(opts.token ? { cookie: `tacke_session=${opts.token}` } : {}),
      ...opts.headers,
    },
  });
  return {
    status: response.statusCode,
    body: response.json() as { key: string; urls: Omit<Photo, 'key'>; code?: string },
  };
}

/** Upload a photo and return its key (fails the test otherwise). */
export async function uploadedKey(app: FastifyInstance, token: string, file: Buffer, kind = 'dog') {
  const { status, body } = await upload(app, { token, file, kind });
  if (status !== 200) throw new Error(`upload failed: ${status} ${JSON.stringify(body)}`);
  return body.key;
}
