import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { qrPng } from '@/lib/server/passes/qr-png';

/** pngjs (which comes with the qrcode package) decodes to RGBA, as any mail client's image viewer would. */
function decode(png: Buffer): { width: number; height: number; data: Buffer } {
  const { PNG } = createRequire(import.meta.url)('pngjs') as {
    PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } };
  };
  return PNG.sync.read(png);
}

/** A 3 × 3 "code": dark on the diagonal and in the top right corner. */
const dark = new Set(['0,0', '1,1', '2,2', '0,2']);
const modules = { size: 3, get: (row: number, col: number) => (dark.has(`${row},${col}`) ? 1 : 0) };

describe('qrPng', () => {
  it('draws each module as a scale × scale square inside a white quiet zone', () => {
    const image = decode(qrPng(modules, { scale: 3, margin: 2 }));
    expect(image.width).toBe((3 + 4) * 3);
    expect(image.height).toBe(21);
    const isBlack = (x: number, y: number) => image.data[(y * image.width + x) * 4] === 0;
    for (let y = 0; y < 21; y++) {
      for (let x = 0; x < 21; x++) {
        const row = Math.floor(y / 3) - 2;
        const col = Math.floor(x / 3) - 2;
        const inside = row >= 0 && row < 3 && col >= 0 && col < 3;
        expect(isBlack(x, y), `pixel ${x},${y}`).toBe(inside && dark.has(`${row},${col}`));
      }
    }
  });

  it('keeps rows whose width is not a whole number of bytes intact', () => {
    // 5 cells of 5 pixels: 25 pixels, 3 bytes and a bit per row.
    const image = decode(qrPng(modules, { scale: 5, margin: 1 }));
    expect(image.width).toBe(25);
    const pixel = (x: number, y: number) => image.data[(y * 25 + x) * 4];
    expect(pixel(24, 24)).toBe(255); // the quiet zone's last pixel
    expect(pixel(5, 5)).toBe(0); // module 0,0
    expect(pixel(19, 5)).toBe(0); // module 0,2, ending at pixel 19
    expect(pixel(20, 5)).toBe(255);
  });
});

describe('a pass’s mail image', () => {
  it('is drawn once per pass and handed out again for the next confirmation', async () => {
    const { passQrPng } = await import('@/lib/server/passes/passes');
    const first = await passQrPng('5f0c6b1e-4a7d-4c1e-9a51-0d6f3b2a9c11');
    const again = await passQrPng('5f0c6b1e-4a7d-4c1e-9a51-0d6f3b2a9c11');
    const other = await passQrPng('0b7e2d44-91c3-4f0a-8e6d-2c5a7f1b3d90');
    expect(again).toBe(first);
    expect(other.equals(first)).toBe(false);
    // A real QR image: square, at least the size a phone reads off another phone's screen.
    const image = decode(first);
    expect(image.width).toBe(image.height);
    expect(image.width).toBeGreaterThanOrEqual(400);
  });
});
