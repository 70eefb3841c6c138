import 'server-only';
import { contentImageProps, type ContentImageProps } from '@/lib/content-image';
import { inlinePictures } from './compiled/inline-pictures';

export interface FirstScreenPictureProps extends ContentImageProps {
  loading: 'eager';
  preload?: true;
  fetchPriority?: 'high';
}

/**
 * The props of a picture on a phone's first screen (next/image's), for the pages rendered on the server.
 *
 * One of the site's own small drawings (public/images, at most inlineLimitBytes) comes in the document as
 * a `data:` address. Fetched, even with the highest priority, it took a connection of its own and then
 * waited behind the scripts' first bytes on the link: on "campus Wi-Fi under load" (400 ms round trips)
 * the largest paint of /event, /event/1 and /team came 0.7 to 1.3 s after the text's
 * (docs/performance.md, "Pictures in the document"). Carried in the document, it costs its 1 to 2 KB
 * once and paints with the first frame.
 *
 * Any other picture (an organiser's upload, a drawing too large) is fetched at once, and when it is the
 * page's `largest` paint, before everything else (a preload, `fetchpriority=high`).
 */
export function firstScreenPicture(
  src: string,
  { sizes, largest = false }: { sizes?: string; largest?: boolean } = {},
): FirstScreenPictureProps {
  const inline = inlinePictures[src];
  if (inline) return { src: inline, unoptimized: true, loading: 'eager' };
  const fetched = contentImageProps(src, sizes);
  return largest
    ? { ...fetched, loading: 'eager', preload: true, fetchPriority: 'high' }
    : { ...fetched, loading: 'eager' };
}

/**
 * Where a picture sits on its page: the first screen's largest paint, elsewhere on the first screen, or
 * below it, loaded at once (`eager`) or when near (`lazy`).
 */
export type PicturePlace = 'largest' | 'first-screen' | 'eager' | 'lazy';

/** The props of a page's picture (next/image's) for its place: one rule for the pages that list them. */
export function pagePicture(
  src: string,
  place: PicturePlace,
  sizes?: string,
): FirstScreenPictureProps | (ContentImageProps & { loading: 'eager' | 'lazy' }) {
  if (place === 'eager' || place === 'lazy') return { ...contentImageProps(src, sizes), loading: place };
  return firstScreenPicture(src, { sizes, largest: place === 'largest' });
}
