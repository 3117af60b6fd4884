import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { badRequest } from './errors';
import { newStorageKey, type Storage } from './storage';

/** Cards show images at most this wide and high; the preview is made to fit inside, never enlarged. */
export const THUMBNAIL_BOX = 320;
export const THUMBNAIL_MIME = 'image/webp';
/** Larger images are refused before decoding: a small file can claim billions of pixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** The card preview of a JPEG or PNG: EXIF rotation applied, fit inside the box, WebP quality 75. */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true })
      .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw badRequest('图片像素尺寸过大（超过 1 亿像素），无法读取');
    throw badRequest('图片文件已损坏，无法读取');
  }
}

/**
 * Stores the preview of the stored image at `sourceKey` under a fresh key. sharp reads a
 * whole image before decoding it anyway, so the original is read into memory (within its upload limit).
 */
export async function storeThumbnail(storage: Storage, sourceKey: string): Promise<{ key: string; size: number }> {
  const preview = await makeThumbnail(await buffer(storage.get(sourceKey)));
  const key = newStorageKey();
  const { size } = await storage.put(key, Readable.from([preview]));
  return { key, size };
}
