/*
 * Draws the installed app's icons (app/manifest.ts, app/layout.tsx) into public/icons/: run once with
 * `npx tsx scripts/make-icons.ts` after a change here, and commit the PNGs. The picture is the site's
 * palette (app/globals.css): a gold ring around an eight-pointed gold star on ink. PNG is written by hand
 * (scripts/png-file.ts) so no image library is needed for four small files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pngFile } from './png-file';

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
  return pngFile(size, size, 2, rows);
}

const folder = path.join(process.cwd(), 'public/icons');
mkdirSync(folder, { recursive: true });
for (const icon of icons) {
  const file = path.join(folder, icon.file);
  writeFileSync(file, png(icon));
  console.log(`${file} (${icon.size}x${icon.size})`);
}
