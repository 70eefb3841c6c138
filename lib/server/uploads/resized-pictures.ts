import 'server-only';
import sharp from 'sharp';
import { contentImageWidths, type ContentImageWidth } from '@/lib/content-image-widths';
import { logger } from '@/lib/server/log';
import { maxImagePixels } from './uploads';

/*
 * Uploaded pictures at the width a page shows them (GET /api/uploads/{id}?w=N), as WebP. Resizing a
 * photo costs a few hundred milliseconds of one core, so each instance keeps the variants it made lately
 * (bounded by their bytes, least recently used out) and makes each one once however many visitors ask
 * together. A content file never changes (a new upload gets a new id), so a kept variant is never stale.
 */

const allowedWidths = `${contentImageWidths.slice(0, -1).join(', ')} or ${contentImageWidths.at(-1)}`;

/** The 400s of `?w=`: a width not on the list, a file that is not a public picture. */
export const resizeMessages = {
  width: `The width (w) must be one of ${allowedWidths} pixels.`,
  notAPicture:
    "Only a picture shown on the site's pages (JPEG, PNG or WebP) can be resized: ask for this file without w.",
} as const;

/** What the kept variants may weigh together, per instance: a few hundred card-sized pictures. */
export const variantCacheBytes = 32 * 1024 * 1024;

/**
 * At most this many pictures are decoded at once: a decoded 40-megapixel PNG is 160 MB, and two cores gain
 * nothing from more. The others wait their turn.
 */
const maxResizesAtOnce = 2;

/** WebP's quality for photos: indistinguishable from the original at the size shown, a fraction of it. */
const webpQuality = 80;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than maxResizesAtOnce are running; a finished one hands its turn to the next. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxResizesAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * The picture `width` pixels wide (never wider than it is), turned upright as its camera meant (the
 * EXIF orientation: the copy keeps no metadata) and encoded as WebP. The pixel cap is the upload's own, so
 * nothing here decodes what an upload could not have been.
 */
export function resizePicture(original: Buffer, width: number): Promise<Buffer> {
  return inTurn(() =>
    sharp(original, { limitInputPixels: maxImagePixels })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: webpQuality })
      .toBuffer(),
  );
}

type Resize = (original: Buffer, width: number) => Promise<Buffer>;

/**
 * Variants of uploaded pictures, made by `resize` and kept up to `maxBytes` (least recently used out).
 * `get` answers upload `id` at `width` from what is kept, from a resize already under way, or resized
 * now from `original()` (read from storage only then). A picture that cannot be decoded (damaged past
 * its header) gives null, and the route serves the original as it is.
 */
export function pictureVariants(maxBytes: number, resize: Resize) {
  // A Map iterates in insertion order, and a hit re-inserts its key: the first key is the least recent.
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const making = new Map<string, Promise<Buffer | null>>();

  function remember(key: string, bytes: Buffer): void {
    if (bytes.length > maxBytes) return;
    kept.set(key, bytes);
    keptBytes += bytes.length;
    for (const [oldest, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= old.length;
    }
  }

  return {
    get(id: string, width: number, original: () => Promise<Buffer>): Promise<Buffer | null> {
      const key = `${id}:${width}`;
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit);
      }
      let pending = making.get(key);
      if (!pending) {
        pending = original()
          .then((bytes) =>
            resize(bytes, width).catch((error: unknown) => {
              logger.warn({ err: error, upload: id, width }, 'an uploaded picture could not be resized');
              return null;
            }),
          )
          .then((bytes) => {
            if (bytes) remember(key, bytes);
            return bytes;
          })
          .finally(() => making.delete(key));
        making.set(key, pending);
      }
      // Storage's own failures (503, not found) reach the route as they are.
      return pending;
    },
    /** What is kept, in bytes. */
    get bytes(): number {
      return keptBytes;
    },
  };
}

const variants = pictureVariants(variantCacheBytes, resizePicture);

/** Upload `id` at a served width, as WebP; null when it cannot be decoded (see pictureVariants). */
export function resizedPicture(
  id: string,
  width: ContentImageWidth,
  original: () => Promise<Buffer>,
): Promise<Buffer | null> {
  return variants.get(id, width, original);
}
