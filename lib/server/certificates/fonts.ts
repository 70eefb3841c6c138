import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { woffToSfnt } from './woff';

/*
 * Fonts come from the @fontsource packages' WOFF files (fontkit reads WOFF without a Brotli decoder), read
 * once per process. Each @fontsource file holds one subset (basic Latin, extended Latin, one Indian
 * script), so a line is set in runs: each character in the first face of its list that has a glyph for it
 * (textRuns). A name typed in Gujarati, in Latin with accents, or in both, prints as it was typed.
 * next.config.ts traces these files into the standalone server.
 */

const noto = (subset: string, family = 'noto-sans') => `${family}/files/${family}-${subset}-400-normal.woff`;

/** The Noto Sans faces of India's scripts: the family's file is named after the script twice. */
const indianScripts = [
  'devanagari',
  'gujarati',
  'bengali',
  'gurmukhi',
  'oriya',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
];

/** Body text and names: Latin first, then extended Latin, then each Indian script. */
export const textFaces: readonly string[] = [
  noto('latin'),
  noto('latin-ext'),
  ...indianScripts.map((script) => noto(script, `noto-sans-${script}`)),
];

/** The festival's display face (headings, the title), falling back to the text faces. */
export const displayFaces: readonly string[] = [
  'cinzel/files/cinzel-latin-700-normal.woff',
  'cinzel/files/cinzel-latin-ext-700-normal.woff',
  ...textFaces,
];

const loaded = new Map<string, Promise<Buffer>>();

/** A font's plain bytes, read from node_modules/@fontsource and unwrapped from its WOFF once per process. */
export function fontBytes(file: string): Promise<Buffer> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(path.join(process.cwd(), 'node_modules', '@fontsource', file)).then(woffToSfnt);
    loaded.set(file, bytes);
  }
  return bytes;
}

interface Face {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const parsed = new Map<string, Promise<Face>>();

function face(file: string): Promise<Face> {
  let entry = parsed.get(file);
  if (!entry) {
    entry = fontBytes(file).then((bytes) => fontkit.create(bytes) as unknown as Face);
    parsed.set(file, entry);
  }
  return entry;
}

export interface TextRun {
  file: string;
  text: string;
}

/**
 * Splits a line into runs, each in one face: a character goes to the first face of `faces` that has it;
 * spaces and marks any face has stay in the run they are in, so a script's run is shaped whole. A character
 * no face has goes to the first face (it prints as a blank box rather than failing).
 */
export async function textRuns(text: string, faces: readonly string[]): Promise<TextRun[]> {
  const opened = await Promise.all(faces.map(face));
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const current = runs.at(-1);
    if (
      current &&
      opened[faces.indexOf(current.file)]!.hasGlyphForCodePoint(codePoint) &&
      !/\p{L}/u.test(char)
    ) {
      current.text += char;
      continue;
    }
    const index = opened.findIndex((f) => f.hasGlyphForCodePoint(codePoint));
    const file = faces[Math.max(index, 0)]!;
    if (current?.file === file) current.text += char;
    else runs.push({ file, text: char });
  }
  return runs;
}
