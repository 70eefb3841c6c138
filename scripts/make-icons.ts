/*
 * Draws the installed app's icons (app/manifest.ts, app/layout.tsx) into public/icons/: run once with
 * `npx tsx scripts/make-icons.ts` after a change here, and commit the PNGs. The picture is the site's
 * palette (app/globals.css): a gold ring around an eight-pointed gold star on ink. PNG is written by hand
 * (signature, IHDR, one zlib-deflated IDAT, IEND) so no image library is needed for four small files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const ink: Rgb = [0x0d, 0x0a, 0x1a];
const night: Rgb = [0x14, 0x0f, 0x2b];
const gold: Rgb = [0xe9, 0xc4, 0x6a];

interface Icon {
  file: string;
  size: number;
  /**
   * How much of the icon's half-width the picture may use. A maskable icon is cropped by the launcher to
   * a circle (or a rounder square) of 80% of its width, so its picture stays inside that safe zone.
   */
  reach: number;
}

const icons: Icon[] = [
  { file: 'icon-192.png', size: 192, reach: 0.92 },
  { file: 'icon-512.png', size: 512, reach: 0.92 },
  { file: 'maskable-512.png', size: 512, reach: 0.7 },
  // iOS rounds the corners itself and shows no transparency.
  { file: 'apple-touch-icon.png', size: 180, reach: 0.86 },
];

/** How much of the gold covers the point (x, y), both in -1..1 around the centre: 0 or 1. */
function goldAt(x: number, y: number, reach: number): boolean {
  const r = Math.hypot(x, y) / reach;
  if (r > 0.86 && r < 0.97) return true;
  // An eight-pointed star: the radius its edge reaches swings between 0.3 and 0.72 with the angle.
  const angle = Math.atan2(y, x);
  const swing = Math.abs(Math.cos(4 * angle));
  return r < 0.3 + 0.42 * swing ** 3;
}

/** The colour at pixel (px, py): gold over a slight vertical gradient from night to ink, 4x4 supersampled. */
function pixel(px: number, py: number, size: number, reach: number): Rgb {
  const samples = 4;
  let covered = 0;
  for (let i = 0; i < samples; i += 1) {
    for (let j = 0; j < samples; j += 1) {
      const x = ((px + (i + 0.5) / samples) / size) * 2 - 1;
      const y = ((py + (j + 0.5) / samples) / size) * 2 - 1;
      if (goldAt(x, y, reach)) covered += 1;
    }
  }
  const share = covered / samples ** 2;
  const t = py / size;
  const background = night.map((c, k) => c + (ink[k]! - c) * t);
  return background.map((c, k) => Math.round(c + (gold[k]! - c) * share)) as unknown as Rgb;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An opaque RGB PNG (colour type 2, 8 bits), each row led by filter byte 0. */
function png(icon: Icon): Buffer {
  const { size, reach } = icon;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const [r, g, b] = pixel(x, y, size, reach);
      rows.set([r, g, b], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = path.join(process.cwd(), 'public/icons');
mkdirSync(folder, { recursive: true });
for (const icon of icons) {
  const file = path.join(folder, icon.file);
  writeFileSync(file, png(icon));
  console.log(`${file} (${icon.size}x${icon.size})`);
}
