/*
 * The pixel size an image declares, read from its header bytes: what a browser will allocate to decode it.
 * Only the image types uploads accept (uploads.ts sniffType): PNG, JPEG and WebP. Nothing is decoded; a
 * header that is cut short, malformed or declares a zero side gives null, and such a file is refused.
 */

export interface ImageSize {
  width: number;
  height: number;
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The width and height `bytes` (of the sniffed `type`) declare, or null when they cannot be read. */
export function readImageSize(bytes: Buffer, type: ImageType): ImageSize | null {
  const size =
    type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** PNG: the IHDR chunk, which must come first (signature, length 13, "IHDR", width, height: big-endian). */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * JPEG: the first start-of-frame segment (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC, which share the range),
 * after any number of others (APPn with Exif and its thumbnail, quantisation and Huffman tables, comments)
 * skipped by their length. Its height (which a DNL segment may give later, when 0 here) comes before its
 * width. Scan data (SOS) or the end (EOI) before a frame header means there is none to read.
 */
function jpegSize(b: Buffer): ImageSize | null {
  let at = 2; // past SOI
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < b.length && b[at] === 0xff) at += 1;
    if (at >= b.length) return null;
    const marker = b[at]!;
    at += 1;
    // Markers without a length: TEM, RSTn, SOI (a stray one is tolerated as decoders do).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda || marker === 0x00) return null;
    if (at + 2 > b.length) return null;
    const length = b.readUInt16BE(at);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      // Length, precision (1 byte), height, width.
      if (length < 7 || at + 7 > b.length) return null;
      return { width: b.readUInt16BE(at + 5), height: b.readUInt16BE(at + 3) };
    }
    at += length;
  }
  return null;
}

/**
 * WebP: the first chunk after "RIFF" size "WEBP". VP8X (extended: alpha, animation, metadata) gives the
 * canvas, each side less one in 24 bits; a lone VP8 (lossy) keyframe its sides in 14 bits after the start
 * code 9D 01 2A; a lone VP8L (lossless) its sides less one in 14 bits each after the signature 2F.
 */
function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    // The frame tag's lowest bit is 0 on a keyframe, the only frame with a start code and sizes.
    if ((b[20]! & 0x01) !== 0 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}
