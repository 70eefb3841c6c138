import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Fonts come from the @fontsource packages' WOFF files (fontkit reads WOFF without a Brotli decoder),
 * read once per process. The name is set in the Noto Sans family of its script.
 */
const scripts = [
  { family: 'devanagari', range: /[\u0900-\u097F]/ },
  { family: 'bengali', range: /[\u0980-\u09FF]/ },
  { family: 'gurmukhi', range: /[\u0A00-\u0A7F]/ },
  { family: 'gujarati', range: /[\u0A80-\u0AFF]/ },
  { family: 'oriya', range: /[\u0B00-\u0B7F]/ },
  { family: 'tamil', range: /[\u0B80-\u0BFF]/ },
  { family: 'telugu', range: /[\u0C00-\u0C7F]/ },
  { family: 'kannada', range: /[\u0C80-\u0CFF]/ },
  { family: 'malayalam', range: /[\u0D00-\u0D7F]/ },
] as const;

/** The @fontsource file that draws a name: the first Indian script it uses, else Latin. */
export function nameFontFile(name: string): string {
  const script = scripts.find((s) => s.range.test(name));
  if (!script) return 'noto-sans/files/noto-sans-latin-ext-400-normal.woff';
  return `noto-sans-${script.family}/files/noto-sans-${script.family}-${script.family}-400-normal.woff`;
}

export const displayFontFile = 'cinzel/files/cinzel-latin-ext-700-normal.woff';
export const bodyFontFile = 'noto-sans/files/noto-sans-latin-ext-400-normal.woff';

const loaded = new Map<string, Promise<Buffer>>();

/** A font file's bytes, read from node_modules/@fontsource once per process. */
export function fontBytes(file: string): Promise<Buffer> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(path.join(process.cwd(), 'node_modules', '@fontsource', file));
    loaded.set(file, bytes);
  }
  return bytes;
}
