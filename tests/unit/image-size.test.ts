import { describe, expect, it } from 'vitest';
import { readImageSize } from '@/lib/server/uploads/image-size';
import { sniffType } from '@/lib/server/uploads/uploads';
import { png as onePixelPng } from '../support/fixtures';
import { pngDeclaring } from '../support/images';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, n >> 16]);

/** A JPEG segment: marker, then a big-endian length that counts itself, then the payload. */
const segment = (marker: number, payload: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16be(payload.length + 2), payload]);

/** A baseline (or other) frame header: precision 8, height, width, one component. */
const frame = (marker: number, width: number, height: number) =>
  segment(marker, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), hex('01 011100')]));

const soi = hex('ffd8');
const app0 = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
const dqt = segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
const dht = segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0)]));
const sos = segment(0xda, hex('01 0100 003f00'));

/** A RIFF WebP around one chunk of `payload`. */
function webp(chunk: string, payload: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(chunk, 'latin1'), Buffer.alloc(4), payload]);
  body.writeUInt32LE(payload.length, 4);
  const head = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1')]);
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

/** A lossy keyframe: frame tag (keyframe bit 0), start code, 14-bit sides with 2-bit scales above. */
const vp8 = (width: number, height: number, tag = 0x10) =>
  webp('VP8 ', Buffer.concat([Buffer.from([tag, 0x02, 0x00]), hex('9d012a'), u16le(width), u16le(height)]));

/** A lossless image: signature 2F, then width - 1 and height - 1 in 14 bits each, little-endian. */
function vp8l(width: number, height: number): Buffer {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  const field = Buffer.alloc(4);
  field.writeUInt32LE(bits);
  return webp('VP8L', Buffer.concat([Buffer.from([0x2f]), field, Buffer.alloc(5)]));
}

/** An extended file: flags, 3 reserved bytes, canvas width - 1 and height - 1 in 24 bits each. */
const vp8x = (width: number, height: number, flags = 0x10) =>
  webp('VP8X', Buffer.concat([Buffer.from([flags, 0, 0, 0]), u24le(width - 1), u24le(height - 1)]));

describe('readImageSize', () => {
  describe('PNG', () => {
    it('reads the IHDR of a real 1x1 PNG and of crafted headers, large sides included', () => {
      expect(readImageSize(onePixelPng, 'image/png')).toEqual({ width: 1, height: 1 });
      expect(readImageSize(pngDeclaring(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
      expect(readImageSize(pngDeclaring(60000, 60000), 'image/png')).toEqual({ width: 60000, height: 60000 });
      expect(readImageSize(pngDeclaring(2 ** 31 - 1, 3), 'image/png')).toEqual({
        width: 2 ** 31 - 1,
        height: 3,
      });
    });

    it('reads nothing from a cut-short header, another first chunk or a zero side', () => {
      expect(readImageSize(onePixelPng.subarray(0, 23), 'image/png')).toBeNull();
      const text = Buffer.from(onePixelPng);
      text.write('tEXt', 12, 'latin1');
      expect(readImageSize(text, 'image/png')).toBeNull();
      const longer = Buffer.from(onePixelPng);
      longer.writeUInt32BE(14, 8);
      expect(readImageSize(longer, 'image/png')).toBeNull();
      expect(readImageSize(pngDeclaring(0, 10), 'image/png')).toBeNull();
      expect(readImageSize(pngDeclaring(10, 0), 'image/png')).toBeNull();
    });
  });

  describe('JPEG', () => {
    it('reads a baseline frame right after the start', () => {
      const jpeg = Buffer.concat([soi, frame(0xc0, 800, 600), sos]);
      expect(sniffType(jpeg)).toBe('image/jpeg');
      expect(readImageSize(jpeg, 'image/jpeg')).toEqual({ width: 800, height: 600 });
    });

    it('skips other segments before the frame, even one whose bytes look like a frame header', () => {
      // An Exif block (as phones write, with a thumbnail) holding FF C0 and a 1x1 "frame" of its own.
      const exif = segment(
        0xe1,
        Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), frame(0xc0, 1, 1), Buffer.alloc(300, 0xff)]),
      );
      const comment = segment(0xfe, Buffer.from('made by hand', 'latin1'));
      const jpeg = Buffer.concat([soi, app0, exif, comment, dqt, dht, frame(0xc2, 4032, 3024), dht, sos]);
      expect(readImageSize(jpeg, 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
    });

    it('reads every frame kind (SOF0-SOF15) but not the tables sharing the range (C4, C8, CC)', () => {
      for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
        const jpeg = Buffer.concat([soi, dqt, frame(marker, 65535, 2), sos]);
        expect(readImageSize(jpeg, 'image/jpeg'), marker.toString(16)).toEqual({ width: 65535, height: 2 });
      }
      for (const table of [0xc4, 0xc8, 0xcc]) {
        // Shaped like a frame header: read as one, it would give 300x200.
        const jpeg = Buffer.concat([soi, frame(table, 300, 200), frame(0xc0, 30, 20), sos]);
        expect(readImageSize(jpeg, 'image/jpeg'), table.toString(16)).toEqual({ width: 30, height: 20 });
      }
    });

    it('passes fill bytes before a marker and markers that have no length', () => {
      const jpeg = Buffer.concat([soi, hex('ffff'), app0, hex('ffd0 ff01'), frame(0xc0, 12, 34), sos]);
      expect(readImageSize(jpeg, 'image/jpeg')).toEqual({ width: 12, height: 34 });
    });

    it('reads nothing when scan data or the end comes before a frame, or the file is cut or malformed', () => {
      expect(readImageSize(Buffer.concat([soi, app0, sos, frame(0xc0, 1, 1)]), 'image/jpeg')).toBeNull();
      expect(readImageSize(Buffer.concat([soi, app0, hex('ffd9')]), 'image/jpeg')).toBeNull();
      expect(readImageSize(Buffer.concat([soi, app0]), 'image/jpeg')).toBeNull();
      expect(readImageSize(hex('ffd8ff'), 'image/jpeg')).toBeNull();
      // Cut inside the width.
      const whole = Buffer.concat([soi, app0, frame(0xc0, 12, 34)]);
      expect(readImageSize(whole.subarray(0, whole.length - 6), 'image/jpeg')).toBeNull();
      // A segment too long for the file, garbage where a marker should be, a length below 2.
      expect(readImageSize(Buffer.concat([soi, hex('ffe0 ffff 00')]), 'image/jpeg')).toBeNull();
      expect(readImageSize(Buffer.concat([soi, hex('ffe0 0010'), hex('00')]), 'image/jpeg')).toBeNull();
      expect(
        readImageSize(Buffer.concat([soi, hex('ffe1 0001'), frame(0xc0, 1, 1)]), 'image/jpeg'),
      ).toBeNull();
      expect(readImageSize(Buffer.concat([soi, hex('12'), frame(0xc0, 1, 1)]), 'image/jpeg')).toBeNull();
      // A height left to a later DNL segment is 0 here: the size is not known from the header.
      expect(readImageSize(Buffer.concat([soi, frame(0xc0, 100, 0), sos]), 'image/jpeg')).toBeNull();
    });
  });

  describe('WebP', () => {
    it('reads a lossy (VP8) keyframe, its 2-bit scale ignored', () => {
      expect(sniffType(vp8(1, 1))).toBe('image/webp');
      expect(readImageSize(vp8(640, 480), 'image/webp')).toEqual({ width: 640, height: 480 });
      expect(readImageSize(vp8(16383 | 0xc000, 16383 | 0x4000), 'image/webp')).toEqual({
        width: 16383,
        height: 16383,
      });
    });

    it('reads a lossless (VP8L) image', () => {
      expect(readImageSize(vp8l(1, 1), 'image/webp')).toEqual({ width: 1, height: 1 });
      expect(readImageSize(vp8l(1234, 4321), 'image/webp')).toEqual({ width: 1234, height: 4321 });
      expect(readImageSize(vp8l(16384, 16384), 'image/webp')).toEqual({ width: 16384, height: 16384 });
    });

    it('reads the canvas of an extended (VP8X) file, up to 24 bits a side', () => {
      expect(readImageSize(vp8x(800, 600), 'image/webp')).toEqual({ width: 800, height: 600 });
      expect(readImageSize(vp8x(60000, 60000, 0x02), 'image/webp')).toEqual({ width: 60000, height: 60000 });
      expect(readImageSize(vp8x(2 ** 24, 1), 'image/webp')).toEqual({ width: 2 ** 24, height: 1 });
    });

    it('reads nothing from an interframe, a bad signature, another chunk or a cut-short file', () => {
      expect(readImageSize(vp8(640, 480, 0x11), 'image/webp')).toBeNull();
      const noStartCode = vp8(640, 480);
      noStartCode[23] = 0;
      expect(readImageSize(noStartCode, 'image/webp')).toBeNull();
      expect(readImageSize(vp8(0, 480), 'image/webp')).toBeNull();
      const badSignature = vp8l(10, 10);
      badSignature[20] = 0x2e;
      expect(readImageSize(badSignature, 'image/webp')).toBeNull();
      expect(readImageSize(webp('ALPH', Buffer.alloc(20)), 'image/webp')).toBeNull();
      expect(readImageSize(vp8x(800, 600).subarray(0, 29), 'image/webp')).toBeNull();
    });
  });
});
