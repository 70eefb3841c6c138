/*
 * The widths, in pixels, an uploaded picture is served at (`GET /api/uploads/{id}?w=N`). One fixed list,
 * shared by the route that resizes and by next/image (next.config.ts gives it as imageSizes and
 * deviceSizes, so every width a srcset asks for is one of these): a width taken from the URL as it came
 * would let anyone make the server resize, and keep, thousands of variants of one picture.
 * The small ones fit a portrait or a logo (128-160 CSS pixels) at 1x-3x, the large ones a card or a page
 * header on a phone at 2-3x and on a desktop; 1920 covers the widest header (1120 CSS pixels) at 2x.
 */
export const contentImageWidths = [96, 160, 256, 384, 640, 828, 1080, 1200, 1920] as const;

export type ContentImageWidth = (typeof contentImageWidths)[number];

/** The smallest served width of at least `width`, or the largest when `width` is wider than all of them. */
export function contentImageWidthFor(width: number): ContentImageWidth {
  return contentImageWidths.find((w) => w >= width) ?? contentImageWidths[contentImageWidths.length - 1]!;
}
