/** Types of one-byte-html.mjs (plain JavaScript, imported by the cache handler outside the app bundle). */
export function oneByteHtml<T>(html: T): T;
