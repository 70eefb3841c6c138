import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlinePicturesIn } from '../../scripts/build-pictures';
import { inlineLimitBytes, svgDataUri } from '@/lib/pictures/svg-data-uri';

const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  <title>Ron's "owl" #1 at 100%</title>
  <rect width="10" height="10" fill="#e0b458"/>
</svg>
`;

describe('svgDataUri', () => {
  it('gives back the drawing, on one line, once the address is decoded', () => {
    const uri = svgDataUri(drawing);
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"> <title>Ron's "owl" #1 at 100%</title> <rect width="10" height="10" fill="#e0b458"/> </svg>`,
    );
  });

  it('leaves nothing a URL would drop or an HTML attribute would escape', () => {
    const body = svgDataUri(drawing).slice('data:image/svg+xml,'.length);
    expect(body).not.toMatch(/[#"'<>\n\r\t]/);
    // Every % starts an escape: a bare one would be read as one.
    expect(body.match(/%(?![0-9A-F]{2})/g)).toBeNull();
  });
});

describe('inlinePicturesIn', () => {
  it('takes the small SVGs of a folder and its subfolders by their address, and nothing else', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pictures-'));
    fs.mkdirSync(path.join(folder, 'team'));
    fs.writeFileSync(path.join(folder, 'logo.svg'), drawing);
    fs.writeFileSync(path.join(folder, 'team', 'avatar.svg'), drawing);
    fs.writeFileSync(path.join(folder, 'poster.svg'), `<svg>${' '.repeat(inlineLimitBytes)}</svg>`);
    fs.writeFileSync(path.join(folder, 'photo.webp'), 'not a drawing');
    try {
      const pictures = inlinePicturesIn(folder);
      expect(Object.keys(pictures).sort()).toEqual(['/images/logo.svg', '/images/team/avatar.svg']);
      expect(pictures['/images/logo.svg']).toBe(svgDataUri(drawing));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
