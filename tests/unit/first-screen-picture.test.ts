import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenPicture, pagePicture } from '@/lib/pictures/first-screen-picture';
import { svgDataUri } from '@/lib/pictures/svg-data-uri';

const upload = '/api/uploads/0b7f2c1e-6a5d-4e8f-9c3b-2d1a0f9e8d7c';

describe('firstScreenPicture', () => {
  it('carries one of the site’s small drawings in the document, without a preload', () => {
    const file = path.join(process.cwd(), 'public', 'images', 'events', 'robot-arena.svg');
    const props = firstScreenPicture('/images/events/robot-arena.svg', { largest: true });
    expect(props).toEqual({
      src: svgDataUri(fs.readFileSync(file, 'utf8')),
      unoptimized: true,
      loading: 'eager',
    });
  });

  it('fetches an organiser’s upload at once, and first of all when it is the largest paint', () => {
    const sizes = '100vw';
    expect(firstScreenPicture(upload, { sizes, largest: true })).toEqual({
      src: upload,
      sizes,
      loading: 'eager',
      preload: true,
      fetchPriority: 'high',
    });
    expect(firstScreenPicture(upload, { sizes })).toEqual({ src: upload, sizes, loading: 'eager' });
  });

  it('fetches an address it has no drawing for as it is', () => {
    expect(firstScreenPicture('https://example.org/poster.png', { largest: true })).toEqual({
      src: 'https://example.org/poster.png',
      unoptimized: true,
      loading: 'eager',
      preload: true,
      fetchPriority: 'high',
    });
  });
});

describe('pagePicture', () => {
  it('gives a first-screen place to firstScreenPicture and loads the rest as their place says', () => {
    expect(pagePicture(upload, 'largest', '100vw')).toEqual(
      firstScreenPicture(upload, { sizes: '100vw', largest: true }),
    );
    expect(pagePicture('/images/logo.svg', 'first-screen')).toEqual(firstScreenPicture('/images/logo.svg'));
    expect(pagePicture(upload, 'eager', '100vw')).toEqual({ src: upload, sizes: '100vw', loading: 'eager' });
    expect(pagePicture('/images/logo.svg', 'lazy')).toEqual({
      src: '/images/logo.svg',
      unoptimized: true,
      loading: 'lazy',
    });
  });
});
