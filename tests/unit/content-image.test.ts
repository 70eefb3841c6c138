import { getImgProps } from 'next/dist/shared/lib/get-img-props';
import { prepareImageConfig } from 'next/dist/shared/lib/image-config';
import type { ImageConfigComplete } from 'next/dist/shared/lib/image-config';
import { describe, expect, it } from 'vitest';
import contentImageLoader, { contentImageProps } from '@/lib/content-image';
import { contentImageWidths } from '@/lib/content-image-widths';
import nextConfig from '@/next.config';

const upload = '/api/uploads/123e4567-e89b-42d3-a456-426614174000';
const svg = '/images/events/robot-arena.svg';

/** The <img> attributes next/image writes with this site's image config, as the build sets it up. */
function imgFor(props: Parameters<typeof getImgProps>[0]) {
  const imgConf = prepareImageConfig(nextConfig.images as ImageConfigComplete);
  return getImgProps(props, {
    defaultLoader: contentImageLoader,
    imgConf,
    blurComplete: false,
    showAltText: false,
  }).props;
}

/** The URLs and descriptors of a srcset. */
const candidates = (srcSet: string | undefined) =>
  (srcSet ?? '').split(', ').map((entry) => {
    const [url, descriptor] = entry.split(' ');
    return { url, descriptor };
  });

describe('the loader for uploaded pictures', () => {
  it('asks for an upload at the next served width at or above the one wanted', () => {
    expect(contentImageLoader({ src: upload, width: 300 })).toBe(`${upload}?w=384`);
    expect(contentImageLoader({ src: upload, width: 640 })).toBe(`${upload}?w=640`);
    expect(contentImageLoader({ src: upload, width: 1, quality: 75 })).toBe(`${upload}?w=96`);
    expect(contentImageLoader({ src: upload, width: 3840 })).toBe(`${upload}?w=1920`);
  });

  it('leaves the site’s own pictures and other addresses alone', () => {
    expect(contentImageLoader({ src: svg, width: 640 })).toBe(svg);
    expect(contentImageLoader({ src: `https://example.org${upload}`, width: 640 })).toBe(
      `https://example.org${upload}`,
    );
    expect(contentImageProps(svg, '100vw')).toEqual({ src: svg, unoptimized: true });
    expect(contentImageProps(`${upload}?w=640`, '100vw')).toEqual({
      src: `${upload}?w=640`,
      unoptimized: true,
    });
  });
});

describe('an uploaded picture in a page', () => {
  it('gets a srcset of served widths only, and the browser picks by the sizes given', () => {
    const sizes = '(min-width: 1152px) 358px, (min-width: 640px) 33vw, 100vw';
    const img = imgFor({ ...contentImageProps(upload, sizes), alt: '', width: 600, height: 400 });
    expect(img.sizes).toBe(sizes);
    const entries = candidates(img.srcSet);
    // 33vw of the narrowest screen Next plans for (640) is 211: nothing below 256 is offered.
    expect(entries.map((e) => e.descriptor)).toEqual([
      '256w',
      '384w',
      '640w',
      '828w',
      '1080w',
      '1200w',
      '1920w',
    ]);
    for (const { url, descriptor } of entries) expect(url).toBe(`${upload}?w=${parseInt(descriptor!, 10)}`);
    expect(img.src).toBe(`${upload}?w=1920`);
    expect(JSON.stringify(img)).not.toContain('/_next/image');
  });

  it('shown at a fixed size without sizes, gets that width and twice it (1x, 2x)', () => {
    const img = imgFor({ ...contentImageProps(upload), alt: '', width: 128, height: 128 });
    expect(img.srcSet).toBe(`${upload}?w=160 1x, ${upload}?w=256 2x`);
    expect(img.sizes).toBeUndefined();
  });

  it('keeps its loading: lazy by default, eager when it is on the first screen', () => {
    expect(imgFor({ ...contentImageProps(upload, '100vw'), alt: '', width: 600, height: 400 }).loading).toBe(
      'lazy',
    );
    expect(
      imgFor({ ...contentImageProps(upload, '100vw'), alt: '', width: 600, height: 400, priority: true })
        .loading,
    ).toBeUndefined();
  });
});

describe('the site’s own pictures', () => {
  it('are served as they are, with no srcset', () => {
    const img = imgFor({ ...contentImageProps(svg, '100vw'), alt: '', width: 600, height: 400 });
    expect(img.src).toBe(svg);
    expect(img.srcSet).toBeUndefined();
    const logo = imgFor({ src: '/images/logo.svg', alt: '', width: 48, height: 48, unoptimized: true });
    expect(logo.src).toBe('/images/logo.svg');
    expect(logo.srcSet).toBeUndefined();
  });
});

describe('next.config.ts', () => {
  it('offers srcsets exactly the served widths, through this loader, and never the optimiser', () => {
    const images = nextConfig.images!;
    expect([...images.imageSizes!, ...images.deviceSizes!]).toEqual([...contentImageWidths]);
    expect(images.loader).toBe('custom');
    expect(images.loaderFile).toBe('./lib/content-image.ts');
    expect(images.unoptimized).not.toBe(true);
    expect(images.maximumDiskCacheSize).toBe(0);
  });
});
