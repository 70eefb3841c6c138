// The site's routes and, for each, the project files it can render: what scripts/build-stylesheet.ts
// gives Tailwind as the sources of that route's own stylesheet. A route's files are its page, the special
// files of every folder from app/ down to it (layouts, loading, error and not-found screens), and every
// project module those import, transitively.
import fs from 'node:fs';
import path from 'node:path';

/** The extensions a module is looked up with, in the order the bundler tries them. */
const moduleExtensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];

/**
 * The files Next renders around a page from each folder above it: a page shows its layouts and templates,
 * their loading screens while it streams, and their error and not-found screens when it fails.
 */
const segmentFiles = [
  'layout',
  'template',
  'loading',
  'error',
  'not-found',
  'global-error',
  'forbidden',
  'unauthorized',
];

export interface RouteSources {
  /** The route as Next names it: `/event/[id]/register`, `/` for the home page. */
  pattern: string;
  /** Absolute paths of every project file the route can render, sorted. */
  files: string[];
}

/**
 * Every import in a module's text: `import … from`, `export … from`, a bare `import '…'` and `import('…')`.
 * Read with a pattern, not a parser: a match inside a comment or a string can only add a file, which adds
 * classes to a stylesheet but never takes any away.
 */
export function importSpecifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*(['"])([^'"\n]+)\1/g);
  return [...new Set([...found].map((match) => match[2]!))];
}

/**
 * The project file an import names, or undefined for a package (or a name that is no file): `@/` is the
 * repository's root (tsconfig.json's paths), `./` and `../` are relative to the importing file.
 */
export function resolveImport(specifier: string, importer: string, root: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
  else return undefined;
  const candidates = [
    base,
    ...moduleExtensions.map((extension) => base + extension),
    ...moduleExtensions.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find(
    (candidate) => !candidate.includes(`${path.sep}node_modules${path.sep}`) && isFile(candidate),
  );
}

/** The project files one module imports, remembered by file: the routes share most of their modules. */
type ImportCache = Map<string, string[]>;

function projectImports(file: string, root: string, cache: ImportCache): string[] {
  let imports = cache.get(file);
  if (!imports) {
    // Data files (JSON) are sources too, but import nothing.
    const text = moduleExtensions.includes(path.extname(file)) ? fs.readFileSync(file, 'utf8') : '';
    imports = importSpecifiers(text).flatMap((specifier) => resolveImport(specifier, file, root) ?? []);
    cache.set(file, imports);
  }
  return imports;
}

/**
 * The generated folders, relative to the root: not sources. The compiled stylesheet module holds every
 * class of the site in its text, and the root layout imports it.
 */
export const generatedFolders = ['lib/stylesheet/compiled', 'lib/cache/compiled'];

function isGenerated(file: string, root: string): boolean {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return generatedFolders.some((folder) => relative.startsWith(`${folder}/`));
}

/** The given files and every project file they import, transitively, sorted; generated modules left out. */
export function collectModules(entries: string[], root: string, cache: ImportCache = new Map()): string[] {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || isGenerated(file, root)) continue;
    seen.add(file);
    pending.push(...projectImports(file, root, cache));
  }
  return [...seen].sort();
}

/** The URL pattern of a page's folder (relative to app/): route groups such as `(public)` are not in it. */
export function routePattern(folder: string): string {
  const segments = folder
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && !(segment.startsWith('(') && segment.endsWith(')')));
  return `/${segments.join('/')}`;
}

/** Every page under `appFolder` (the API's routes are no pages) with the files it can render. */
export function findRoutes(appFolder: string, root: string): RouteSources[] {
  const routes: RouteSources[] = [];
  const cache: ImportCache = new Map();
  const visit = (folder: string, inherited: string[]) => {
    const names = fs.readdirSync(folder);
    const own = names.filter((name) => segmentFiles.some((special) => isModuleNamed(name, special)));
    const around = [...inherited, ...own.map((name) => path.join(folder, name))];
    const page = names.find((name) => isModuleNamed(name, 'page'));
    if (page) {
      routes.push({
        pattern: routePattern(path.relative(appFolder, folder)),
        files: collectModules([path.join(folder, page), ...around], root, cache),
      });
    }
    for (const name of names) {
      const child = path.join(folder, name);
      if (fs.statSync(child).isDirectory() && !(folder === appFolder && name === 'api')) visit(child, around);
    }
  };
  visit(appFolder, []);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

function isModuleNamed(fileName: string, name: string): boolean {
  return moduleExtensions.some((extension) => fileName === name + extension);
}

function isFile(candidate: string): boolean {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}
