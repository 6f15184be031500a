// Photo pipeline budget (issue 3): a 4000×3000 JPEG (~5 MB) posted to /api/uploads and turned into the three
// WebP variants, median ≤ 1.5 s, measured over real HTTP against the in-process server.
import sharp from 'sharp';
import { startServer } from '../tests/helpers/e2e';
import { median, QUICK, type Row, within } from './lib';
import { signedInToken, uploadPhoto } from './signed-in';

const RUNS = QUICK ? 3 : 7;
const BUDGET_MS = 1500;

/** A camera-like photo: fine detail everywhere, so the encoder cannot cheat. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(1)
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function benchUploads(): Promise<Row[]> {
  const server = await startServer();
  try {
    const token = await signedInToken(server, 'bench-uploads@example.com');
    const photo = await cameraPhoto();
    await uploadPhoto(server, token, photo); // warm-up: first use of libvips
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await uploadPhoto(server, token, photo);
      times.push(performance.now() - started);
    }
    const ms = median(times);
    console.log(
      `upload 4000×3000 JPEG (${(photo.length / 1e6).toFixed(1)} MB) → 3 WebP variants: median ${ms.toFixed(0)} ms, ` +
        `max ${Math.max(...times).toFixed(0)} ms over ${RUNS} runs (budget ${BUDGET_MS} ms)`,
    );
    return [within('upload 4000×3000 JPEG → 3 WebP (median)', Math.round(ms), 'ms', BUDGET_MS)];
  } finally {
    await server.close();
  }
}
