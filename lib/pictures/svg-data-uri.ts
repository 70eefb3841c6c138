/** Pictures up to this size are carried in a page's document when on its first screen. */
export const inlineLimitBytes = 2048;

/**
 * An SVG drawing as a `data:` address. Not base64: the markup stays text, which the document's
 * compression shrinks like the rest of the page. Line breaks become spaces (a URL drops them, which could
 * join two words of a text), and what a URL or an HTML attribute would need escaped is percent-encoded:
 * `%`, `#`, quotes and angle brackets (the page's HTML would spell the last four as longer entities).
 */
export function svgDataUri(svg: string): string {
  const oneLine = svg.trim().replace(/\s*[\r\n]+\s*/g, ' ');
  const escaped = oneLine.replace(/[%#"'<>\t]/g, (character) => {
    return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  });
  return `data:image/svg+xml,${escaped}`;
}
