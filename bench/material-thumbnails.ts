import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, withPglite, withServer } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
/** One page of the material card view at its largest size, each card a photo. */
const MATERIALS = 50;
const WIDTH = 2000;
const HEIGHT = 1500;
/** Connections a browser opens to one HTTP/1.1 host. */
const BROWSER_CONNECTIONS = 6;
const ROUNDS = 3;
const UPLOADS_IN_FLIGHT = 4;

/** Time the benchmark may take: making and uploading 50 photos, then 2 × 3 page loads. */
export const materialThumbnailsBudgetMs = () => 180_000;

/** Gaussian noise of a size, stretched to the photo: fine grain, or blotches at a coarse scale. */
const noiseLayer = (divisor: number, sigma: number) =>
  sharp({ create: { width: Math.ceil(WIDTH / divisor), height: Math.ceil(HEIGHT / divisor), channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();

/**
 * A camera-sized JPEG that neither compresses nor shrinks to nothing: a colour gradient under
 * noise at several scales, as photos carry texture from sensor grain up to whole objects. The
 * noise is made once and shared; the gradient makes each photo (and its SHA-256) its own.
 */
async function photo(seed: number, noise: Buffer[]): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},55%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},45%,35%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const layered = await sharp(gradient).composite(noise.map((input) => ({ input, blend: 'overlay' as const }))).raw().toBuffer({ resolveWithObject: true });
  return sharp(layered.data, { raw: layered.info }).jpeg({ quality: 85 }).toBuffer();
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Uploads the photos as materials through the same routes the app uses (upload, then material/report_create/). */
async function addMaterials(origin: string, headers: Record<string, string>, photos: Buffer[]): Promise<number> {
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    for (let i = next++; i < photos.length; i = next++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photos[i])], { type: 'image/jpeg' }), `现场照片${i + 1}.jpg`);
      const file = (await expectOk(
        await fetch(`${origin}/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=material`, { method: 'POST', headers, body: form }),
        `upload ${i + 1}`,
      )) as { url: string; thumbnail_url: string | null };
      if (!file.thumbnail_url) throw new Error(`upload ${i + 1} has no thumbnail`);
      await expectOk(
        await fetch(`${origin}${BASE}/material/report_create/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `现场照片${i + 1}`, create_user: DEMO.nickname, file: file.url }),
        }),
        `material ${i + 1}`,
      );
      bytes += photos[i].length;
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, worker));
  return bytes;
}

interface PageLoad {
  ms: number;
  bytes: number;
  images: number;
}

/** The card page as a browser loads it: the list, then every card's image, six at a time. */
async function loadCardPage(origin: string, headers: Record<string, string>, pick: (item: { file: string; thumbnail: string | null }) => string): Promise<PageLoad> {
  const started = performance.now();
  const page = (await expectOk(await fetch(`${origin}${BASE}/material/report_list/?pageNo=1&pageSize=${MATERIALS}`, { headers }), 'report_list')) as {
    result: { data: Array<{ file: string; thumbnail: string | null }> };
  };
  const urls = page.result.data.map(pick);
  if (urls.length !== MATERIALS) throw new Error(`report_list answered ${urls.length} materials, expected ${MATERIALS}`);
  let bytes = 0;
  let next = 0;
  const connection = async () => {
    for (let i = next++; i < urls.length; i = next++) {
      const response = await fetch(`${origin}${urls[i]}`, { headers });
      if (!response.ok) throw new Error(`${urls[i]} answered ${response.status}`);
      const body = await response.arrayBuffer();
      bytes += body.byteLength;
    }
  };
  await Promise.all(Array.from({ length: BROWSER_CONNECTIONS }, connection));
  return { ms: performance.now() - started, bytes, images: urls.length };
}

/** A common office or home connection, for what the byte counts mean off loopback. */
const LINK_MBITS = 100;
const transferSeconds = (bytes: number) => ((bytes * 8) / (LINK_MBITS * 1_000_000)).toFixed(2);

const median = (loads: PageLoad[]) => [...loads].sort((a, b) => a.ms - b.ms)[Math.floor(loads.length / 2)];

/**
 * The material card page of 50 photos (2000×1500 JPEG) loaded with the thumbnails the server
 * makes at upload, against the same page loaded with the originals. PGlite, one server.
 */
export async function materialThumbnails(): Promise<string> {
  const noise = await Promise.all([noiseLayer(1, 20), noiseLayer(8, 32), noiseLayer(40, 48)]);
  const photos: Buffer[] = [];
  for (let i = 0; i < MATERIALS; i++) photos.push(await photo(i, noise));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-thumbnails-'));
  try {
    const { uploaded, uploadMs, originals, thumbnails } = await withPglite(async (database) => {
      await seed(database.db);
      return withServer(database, { DATA_DIR: dir }, async (origin, headers) => {
        const started = performance.now();
        const bytes = await addMaterials(origin, headers, photos);
        const ms = performance.now() - started;
        const runs = { originals: [] as PageLoad[], thumbnails: [] as PageLoad[] };
        for (let round = 0; round < ROUNDS; round++) {
          runs.originals.push(await loadCardPage(origin, headers, (item) => item.file));
          runs.thumbnails.push(await loadCardPage(origin, headers, (item) => item.thumbnail ?? item.file));
        }
        return { uploaded: bytes, uploadMs: ms, originals: median(runs.originals), thumbnails: median(runs.thumbnails) };
      });
    });
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    return [
      `Material card page of ${MATERIALS} photos (${WIDTH}×${HEIGHT} JPEG, ${mb(uploaded / MATERIALS)} MB average)  ` +
        `(PGlite; report_list then every card image over ${BROWSER_CONNECTIONS} connections, median of ${ROUNDS} loads)`,
      alignColumns([
        ['images', 'MB', 'ms', 'bytes ratio', 'time ratio'],
        ['originals (baseline)', mb(originals.bytes), originals.ms.toFixed(0), '1.00', '1.00'],
        [
          'thumbnails (WebP, ≤320×320)',
          mb(thumbnails.bytes),
          thumbnails.ms.toFixed(0),
          (thumbnails.bytes / originals.bytes).toFixed(3),
          (thumbnails.ms / originals.ms).toFixed(3),
        ],
      ]),
      `ratio = thumbnails / originals in the same run, over loopback; on a ${LINK_MBITS} Mbit/s link the bytes alone would take ` +
        `${transferSeconds(originals.bytes)} s against ${transferSeconds(thumbnails.bytes)} s`,
      `uploading the ${MATERIALS} photos (each thumbnail made at upload) took ${(uploadMs / 1000).toFixed(1)} s, ` +
        `${(uploadMs / MATERIALS).toFixed(0)} ms a photo with ${UPLOADS_IN_FLIGHT} in flight`,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
