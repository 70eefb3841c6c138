import type { ImageLoaderProps } from 'next/image';
import { contentImageWidthFor } from './content-image-widths';

/*
 * How next/image asks for pictures. Organisers' uploads (/api/uploads/{id}) are resized by their own
 * route (`?w=`, one of the widths in content-image-widths.ts), so such an <Image> gets a srcset and the
 * browser fetches the width it shows. Everything else (the site's SVGs in /images, an address an
 * organiser typed) is served as it is and marked `unoptimized`. next.config.ts names this file as the
 * images' loader, which also turns Next's own optimiser (/_next/image) off: nothing ever goes there.
 * Client-safe: next/image runs it in the browser as well as on the server.
 */

const uploadPath = /^\/api\/uploads\/[0-9a-f-]{36}$/i;

/** Whether `src` is an upload this site serves, which the uploads route can resize. */
export function isUploadedPicture(src: string): boolean {
  return uploadPath.test(src);
}

/** The loader next.config.ts installs: an upload at the served width next at or above `width`. */
export default function contentImageLoader({ src, width }: ImageLoaderProps): string {
  return isUploadedPicture(src) ? `${src}?w=${contentImageWidthFor(width)}` : src;
}

export interface ContentImageProps {
  src: string;
  sizes?: string;
  unoptimized?: true;
}

/**
 * The props for an <Image> of an organiser's picture. `sizes` says how wide it is shown at each
 * breakpoint (as in its classes); leave it out for a picture shown exactly at its width and height
 * props, which then gets that width and twice it (1x, 2x). A src that is not an upload stays unoptimized.
 */
export function contentImageProps(src: string, sizes?: string): ContentImageProps {
  if (!isUploadedPicture(src)) return { src, unoptimized: true };
  return sizes === undefined ? { src } : { src, sizes };
}
