import { pngFile } from '../../scripts/png-file';

/**
 * A well-formed PNG (signature, IHDR, IDAT, IEND, right checksums) declaring `width` x `height` 8-bit
 * greyscale pixels, with `dataBytes` of zero scanlines compressed into its IDAT: what a decompression bomb
 * looks like, a small file that a browser would have to decode to the full declared size.
 */
export function pngDeclaring(width: number, height: number, dataBytes = 1024): Buffer {
  return pngFile(width, height, 0, Buffer.alloc(dataBytes));
}
