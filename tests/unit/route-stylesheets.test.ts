import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileStylesheet } from '../../scripts/build-stylesheet';
import {
  findRoutes,
  importSpecifiers,
  resolveImport,
  routePattern,
} from '../../scripts/stylesheet/route-sources';

const root = path.resolve(import.meta.dirname, '../..');
const routes = findRoutes(path.join(root, 'app'), root);
/** A route's files, relative to the repository's root. */
function filesOf(pattern: string): string[] {
  const route = routes.find((candidate) => candidate.pattern === pattern);
  if (!route) throw new Error(`no route ${pattern}`);
  return route.files.map((file) => path.relative(root, file));
}

/** The selector Tailwind writes for a class: `sm:p-8` is `.sm\:p-8`. */
function selectorOf(className: string): string {
  return `.${className.replace(/[^a-zA-Z0-9_-]/g, (character) => `\\${character}`)}`;
}

describe('the files a route can render', () => {
  it('reads every kind of import, over several lines too, and nothing that is no import', () => {
    const text = [
      "import { a } from '@/lib/a';",
      'import {',
      '  b,',
      "} from './b';",
      "import type { C } from '../c';",
      "export { d } from '@/components/d';",
      "export * from './e';",
      "import './side-effect';",
      "const F = dynamic(() => import('@/components/f'));",
      'const g = await import ( "./g" );',
      "const text = 'imported from nowhere';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual([
      '@/lib/a',
      './b',
      '../c',
      '@/components/d',
      './e',
      './side-effect',
      '@/components/f',
      './g',
    ]);
  });

  it('resolves @/ from the root and relative names from the importer, to .ts, .tsx and index files; not packages', () => {
    const importer = path.join(root, 'app', 'login', 'page.tsx');
    expect(resolveImport('@/components/auth/login-form', importer, root)).toBe(
      path.join(root, 'components', 'auth', 'login-form.tsx'),
    );
    expect(resolveImport('@/lib/festival', importer, root)).toBe(path.join(root, 'lib', 'festival.ts'));
    expect(resolveImport('../layout', importer, root)).toBe(path.join(root, 'app', 'layout.tsx'));
    expect(resolveImport('react', importer, root)).toBeUndefined();
    expect(resolveImport('@/lib/no-such-module', importer, root)).toBeUndefined();
  });

  it('names routes as Next does: route groups are not in the URL', () => {
    expect(routePattern('')).toBe('/');
    expect(routePattern('(public)/event/(list)')).toBe('/event');
    expect(routePattern('(public)/event/[id]/register')).toBe('/event/[id]/register');
  });

  it("finds every page of the app, and none of the API's routes", () => {
    const patterns = routes.map((route) => route.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining(['/', '/login', '/event', '/event/[id]/register', '/admin']),
    );
    expect(patterns.filter((pattern) => pattern.startsWith('/api') || pattern.includes('('))).toEqual([]);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("gives /login its page, the root's screens and what they import, and not the console's screens", () => {
    const login = filesOf('/login');
    expect(login).toEqual(
      expect.arrayContaining([
        'app/login/page.tsx',
        'app/layout.tsx',
        'app/error.tsx',
        'app/not-found.tsx',
        'components/auth/login-form.tsx',
        // Imported by the form's field, two imports away from the page.
        'components/forms/password-field.tsx',
        'components/nav/site-header.tsx',
      ]),
    );
    expect(login).not.toContain('app/(public)/layout.tsx');
    // The compiled stylesheet, which the layout imports, names every class of the site.
    expect(login).toContain('lib/stylesheet/server-stylesheet.ts');
    expect(login.filter((file) => file.includes('/compiled/'))).toEqual([]);
    expect(login.filter((file) => file.startsWith('components/admin/') && file.endsWith('.tsx'))).toEqual([]);
    expect(filesOf('/admin/content/events')).toContain('components/admin/events/event-form.tsx');
  });

  it('gives a page the layouts and not-found screens of the folders above it, and only those', () => {
    expect(filesOf('/event/[id]/register')).toEqual(
      expect.arrayContaining(['app/(public)/layout.tsx', 'app/(public)/event/[id]/not-found.tsx']),
    );
    expect(filesOf('/event')).toContain('app/(public)/layout.tsx');
    expect(filesOf('/event')).not.toContain('app/(public)/event/[id]/not-found.tsx');
  });
});

describe("a route's own stylesheet", () => {
  it('holds the rules of the classes its files use, the site-wide rules, and not the classes it never shows', async () => {
    const [login, whole] = await Promise.all([
      compileStylesheet(undefined, routes.find((route) => route.pattern === '/login')!.files),
      compileStylesheet(),
    ]);
    // From components/auth/auth-card.tsx and login-form.tsx; the body's own classes from app/layout.tsx.
    for (const className of [
      'sm:p-8',
      'shadow-black/60',
      'text-parchment/85',
      'gap-5',
      'bg-ink',
      'font-display',
    ]) {
      expect(login).toContain(`${selectorOf(className)}{`);
    }
    expect(login).toContain('--color-ink:#0d0a1a');
    expect(login).toMatch(/font-family:"?Cinzel fallback"?/);
    expect(login).toContain('.loader-orb{');
    // A class of the console's tables only.
    const consoleOnly = selectorOf('min-w-[56rem]');
    expect(whole).toContain(`${consoleOnly}{`);
    expect(login).not.toContain(`${consoleOnly}{`);
    expect(login.length).toBeLessThan(whole.length / 2);
  });

  it('reads a file whose folders have brackets and parentheses in their names', async () => {
    const page = path.join(root, 'app', '(public)', 'event', '[id]', 'page.tsx');
    const [withPage, without] = await Promise.all([
      compileStylesheet(undefined, [page]),
      compileStylesheet(undefined, []),
    ]);
    expect(withPage.length).toBeGreaterThan(without.length);
  });
});
