import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureVariants, resizePicture } from '@/lib/server/uploads/resized-pictures';
import { pngDeclaring } from '../support/images';

/** A resize that counts its calls and answers `size` bytes, after a turn of the event loop. */
function countingResize(size = 40) {
  const calls: string[] = [];
  const resize = async (original: Buffer, width: number) => {
    calls.push(`${original.toString()}:${width}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Buffer.alloc(size, width % 256);
  };
  return { calls, resize };
}

const original = (name: string) => async () => Buffer.from(name);

describe('the variants kept per instance', () => {
  it('resizes once for visitors asking at the same time, and not again afterwards', async () => {
    const { calls, resize } = countingResize();
    const variants = pictureVariants(1000, resize);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return Buffer.from('a');
    };
    const [one, two, three] = await Promise.all([
      variants.get('a', 640, read),
      variants.get('a', 640, read),
      variants.get('a', 640, read),
    ]);
    expect(calls).toEqual(['a:640']);
    expect(reads).toBe(1);
    expect(one).toBe(two);
    expect(two).toBe(three);
    // Kept: neither storage nor the resizer is asked again.
    expect(await variants.get('a', 640, read)).toBe(one);
    expect(reads).toBe(1);
    // Another width is another variant.
    await variants.get('a', 384, read);
    expect(calls).toEqual(['a:640', 'a:384']);
  });

  it('keeps at most its bytes, letting the least recently used go first', async () => {
    const { calls, resize } = countingResize(40);
    const variants = pictureVariants(100, resize);
    await variants.get('a', 640, original('a'));
    await variants.get('b', 640, original('b'));
    await variants.get('a', 640, original('a')); // a is now the more recent
    await variants.get('c', 640, original('c')); // 120 bytes: b goes
    expect(variants.bytes).toBe(80);
    calls.length = 0;
    await variants.get('a', 640, original('a'));
    await variants.get('c', 640, original('c'));
    expect(calls).toEqual([]);
    await variants.get('b', 640, original('b'));
    expect(calls).toEqual(['b:640']);
    expect(variants.bytes).toBeLessThanOrEqual(100);
  });

  it('answers null for a picture that cannot be resized, keeps nothing, and tries again next time', async () => {
    let attempts = 0;
    const variants = pictureVariants(1000, async () => {
      attempts += 1;
      throw new Error('VipsJpeg: premature end of input file');
    });
    expect(await variants.get('a', 640, original('a'))).toBeNull();
    expect(await variants.get('a', 640, original('a'))).toBeNull();
    expect(attempts).toBe(2);
    expect(variants.bytes).toBe(0);
  });

  it('lets storage failures through to the route', async () => {
    const { resize } = countingResize();
    const variants = pictureVariants(1000, resize);
    const failure = new Error('bucket down');
    await expect(variants.get('a', 640, () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('resizing', () => {
  it('turns a picture upright by its EXIF orientation before measuring the width', async () => {
    // Stored 300 x 100, to be shown rotated a quarter turn (orientation 6): 100 x 300 upright.
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await sharp(await resizePicture(sideways, 96)).metadata();
    expect({
      format: out.format,
      width: out.width,
      height: out.height,
      orientation: out.orientation,
    }).toEqual({
      format: 'webp',
      width: 96,
      height: 288,
      orientation: undefined,
    });
  });

  it('refuses to decode more pixels than an upload may have', async () => {
    // The header declares one row more than 40 megapixels; nothing is decoded to find out.
    await expect(resizePicture(pngDeclaring(8000, 5001), 640)).rejects.toThrow(/pixel limit/);
  });
});
