// Compiles the site's stylesheet (app/globals.css, with Tailwind) to the text that every page carries in its
// own document (components/layout/inline-stylesheet.tsx), and copies the display face beside the public
// files under a name that changes with its bytes. `npm run build`, `npm run dev` and `npm run typecheck`
// run this first; what it writes is generated, so it is not committed (.gitignore).
//
// Each route's document carries only the rules its own files use (scripts/stylesheet/route-stylesheets.ts):
// the whole sheet made a document too large for TCP's first flight. The whole sheet is also written to
// public/stylesheets, under a name of its bytes, for the pages a visitor moves on to within the site.
//
// Why not Next's own CSS handling: Next links the stylesheet, and on a phone's slow link that link is a
// round trip on a new connection before the first frame (docs/performance.md, "On a shaped link"); its
// `experimental.inlineCss` puts the stylesheet into every document twice. `--watch` compiles again on
// every change to the files Tailwind reads, for `npm run dev`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwind from '@tailwindcss/postcss';
import postcss, { type AcceptedPlugin } from 'postcss';
import { compileRouteStylesheets, type RouteStylesheets } from './stylesheet/route-stylesheets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const stylesheetSource = path.join(root, 'app', 'globals.css');
/** The module app/layout.tsx reads the texts from. */
export const compiledStylesheet = path.join(root, 'lib', 'stylesheet', 'compiled', 'site-stylesheet.ts');
/** The module that names the whole sheet's file for the browser (components/layout/inline-stylesheet.tsx). */
const compiledHref = path.join(root, 'lib', 'stylesheet', 'compiled', 'full-stylesheet-href.ts');
/** Where the whole sheet is served from, cached for good under a name of its bytes (next.config.ts). */
const stylesheetsFolder = path.join(root, 'public', 'stylesheets');

/** The display face of the headings, from @fontsource (the latin subset, bold: all the headings use). */
const displayFace = path.join(
  root,
  'node_modules',
  '@fontsource',
  'cinzel',
  'files',
  'cinzel-latin-700-normal.woff2',
);
/** Where the face is served from: public/fonts, cached for good under a name of its bytes (next.config.ts). */
const fontsFolder = path.join(root, 'public', 'fonts');
/** How globals.css names the face's file; replaced by its served name. */
export const displayFacePlaceholder = '/fonts/display-face.woff2';

/** The first bytes of a file's hash, for a name that changes with its bytes. */
function contentHash(bytes: Buffer | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** The face's served path, its name carrying the first bytes of its hash so that a new face is a new URL. */
export function servedFaceName(bytes: Buffer): string {
  return `/fonts/cinzel-latin-700-normal.${contentHash(bytes)}.woff2`;
}

/** The whole stylesheet's served path, named by its bytes as the face is. */
export function servedStylesheetName(css: string): string {
  return `/stylesheets/site.${contentHash(css)}.css`;
}

/**
 * The stylesheet's text: Tailwind's utilities for every class the sources use, minified. The sources are
 * the project's files as Tailwind finds them, or, given `files`, those files and no others.
 */
export function compileStylesheet(source = stylesheetSource, files?: string[]): Promise<string> {
  let text = fs.readFileSync(source, 'utf8');
  if (files) text = withSourcesOnly(text, files, source);
  // One compile at a time: Tailwind's plugin keeps one compiler per input file, across its instances, and
  // adds each compile's classes to it; two compiles of globals.css at once would mix their classes.
  const compiled = lastCompile.then(async () => {
    // The plugin's types come from its own copy of postcss, a patch release apart from the one Next brings.
    const plugin = tailwind({ base: root, optimize: { minify: true } }) as unknown as AcceptedPlugin;
    return (await postcss([plugin]).process(text, { from: source })).css;
  });
  lastCompile = compiled.catch(() => undefined);
  return compiled;
}
let lastCompile: Promise<unknown> = Promise.resolve();

/** The stylesheet's text with Tailwind told to read these files instead of finding sources itself. */
function withSourcesOnly(text: string, files: string[], source: string): string {
  const tailwindImport = /@import\s+(['"])tailwindcss\1\s*;/;
  if (!tailwindImport.test(text)) throw new Error(`${source} no longer imports tailwindcss as expected`);
  // A path to an existing file is taken as that file, brackets and parentheses of its folders included.
  const sources = files.map((file) => `@source ${JSON.stringify(file)};`).join('\n');
  return text.replace(tailwindImport, () => `@import 'tailwindcss' source(none);\n${sources}`);
}

/**
 * Compiles the stylesheet, each route's own and the whole, and copies the face; returns the sizes. Without
 * `byRoute` (the development server's watch, whose documents carry the whole sheet) every route gets the
 * whole sheet.
 */
export async function buildStylesheet({ byRoute = true } = {}): Promise<{
  bytes: number;
  face: string;
  routes: RouteStylesheets;
}> {
  const faceBytes = fs.readFileSync(displayFace);
  const face = servedFaceName(faceBytes);
  fs.mkdirSync(fontsFolder, { recursive: true });
  // Faces of earlier builds go, so that the folder holds what the stylesheet names and nothing else.
  for (const old of fs.readdirSync(fontsFolder)) fs.rmSync(path.join(fontsFolder, old));
  fs.writeFileSync(path.join(root, 'public', face), faceBytes);

  const css = (await compileStylesheet()).replaceAll(displayFacePlaceholder, face);
  if (!css.includes(face)) throw new Error(`${stylesheetSource} no longer names ${displayFacePlaceholder}`);
  const routes = byRoute
    ? await compileRouteStylesheets(root, async (files) =>
        (await compileStylesheet(stylesheetSource, files)).replaceAll(displayFacePlaceholder, face),
      )
    : { texts: [], routes: {} };

  const href = servedStylesheetName(css);
  fs.mkdirSync(stylesheetsFolder, { recursive: true });
  for (const old of fs.readdirSync(stylesheetsFolder)) fs.rmSync(path.join(stylesheetsFolder, old));
  fs.writeFileSync(path.join(root, 'public', href), css);

  const generated =
    '// Generated by scripts/build-stylesheet.ts from app/globals.css and the sources: edit those.';
  fs.mkdirSync(path.dirname(compiledStylesheet), { recursive: true });
  fs.writeFileSync(
    compiledStylesheet,
    [
      generated,
      `export const siteStylesheet = ${JSON.stringify(css)};`,
      "/** Each route's own stylesheet: `routes` gives, by route pattern, its index in `texts`. */",
      `export const routeStylesheets: { texts: string[]; routes: Record<string, number> } = ${JSON.stringify(routes)};`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(compiledHref, [generated, `export const fullStylesheetHref = '${href}';`, ''].join('\n'));
  return { bytes: Buffer.byteLength(css), face, routes };
}

/** Compiles again whenever a file Tailwind reads changes (a burst of changes is one compile). */
function watch(): void {
  let timer: NodeJS.Timeout | undefined;
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      buildStylesheet({ byRoute: false }).then(
        ({ bytes }) => console.log(`stylesheet: compiled again (${bytes} bytes)`),
        (error: unknown) => console.error('stylesheet:', error),
      );
    }, 100);
  };
  for (const folder of ['app', 'components', 'lib']) {
    fs.watch(path.join(root, folder), { recursive: true }, (_event, file) => {
      // Its own output must not start another compile.
      if (file && !String(file).includes('compiled')) again();
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  const watching = process.argv.includes('--watch');
  const { bytes, face, routes } = await buildStylesheet({ byRoute: !watching });
  const sizes = routes.texts.map((text) => Buffer.byteLength(text));
  const byRoute = sizes.length
    ? `, ${Object.keys(routes.routes).length} routes in ${sizes.length} texts of ${Math.min(...sizes)} to ${Math.max(...sizes)} bytes`
    : '';
  console.log(
    `stylesheet: ${path.relative(process.cwd(), compiledStylesheet)} (${bytes} bytes${byRoute}), face ${face}, ` +
      `${Math.round(performance.now() - started)} ms`,
  );
  if (watching) watch();
}
