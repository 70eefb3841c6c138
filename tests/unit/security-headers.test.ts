import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCustomRoute } from 'next/dist/lib/build-custom-route';
import { rolesForPath } from '@/lib/roles';

/** The headers next.config.ts sets on a path, its rules compiled as Next compiles them. */
async function headersFor(pathname: string, nodeEnv: string) {
  vi.stubEnv('NODE_ENV', nodeEnv);
  vi.resetModules();
  const config = (await import('@/next.config')).default;
  const rules = (await config.headers?.()) ?? [];
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!new RegExp(buildCustomRoute('header', rule).regex).test(pathname)) continue;
    for (const { key, value } of rule.headers) result[key.toLowerCase()] = value;
  }
  return result;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The URL path of every page under app/ (route groups left out, each dynamic segment `1`). */
function pagePaths(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pagePaths(full);
    if (entry.name !== 'page.tsx') return [];
    const segments = path
      .relative('app', dir)
      .split(path.sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment))
      .map((segment) => (/^\[.*\]$/.test(segment) ? '1' : segment));
    return [`/${segments.join('/')}`];
  });
}

describe('next.config.ts security headers', () => {
  it('sets the site-wide CSP on pages and the API, but not on stored files (their own CSP is stricter)', async () => {
    for (const path of ['/', '/event/1', '/admin/events', '/api/login']) {
      expect((await headersFor(path, 'production'))['content-security-policy'], path).toContain(
        "default-src 'self'",
      );
    }
    const upload = await headersFor('/api/uploads/123e4567-e89b-42d3-a456-426614174000', 'production');
    expect(upload['content-security-policy']).toBeUndefined();
    expect(upload['x-content-type-options']).toBe('nosniff');
  });

  it("sends the build's files and pictures nosniff alone: the document policies mean nothing on them", async () => {
    for (const path of [
      '/_next/static/chunks/0abc123.js',
      '/_next/static/chunks/0abc123.css',
      '/_next/static/media/cinzel.woff2',
      '/images/logo.svg',
      '/icons/icon-192.png',
    ]) {
      expect(await headersFor(path, 'production'), path).toEqual({ 'x-content-type-options': 'nosniff' });
    }
    for (const path of [
      '/',
      '/sw.js',
      '/manifest.webmanifest',
      '/rulebooks/robo-wars.pdf',
      '/api/health',
      '/imagesque',
    ]) {
      const headers = await headersFor(path, 'production');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });

  it('sends HSTS in production only', async () => {
    expect((await headersFor('/', 'production'))['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect((await headersFor('/', 'development'))['strict-transport-security']).toBeUndefined();
  });
});

describe('next.config.ts cache headers', () => {
  it('lets a CDN keep public content pages briefly', async () => {
    for (const path of [
      '/',
      '/contact',
      '/terms-and-condition',
      '/coming',
      '/event',
      '/event/3',
      '/team',
      '/sponsers',
      '/pronite',
      '/schedule',
      '/sitemap.xml',
      '/login',
      '/register',
      '/otp',
      '/forgot-password',
      '/reset-password',
      '/unauthorized',
    ]) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBe(
        'public, s-maxage=10, stale-while-revalidate=60',
      );
    }
  });

  it('keeps personal pages out of shared caches, and sets nothing on other paths', async () => {
    for (const path of ['/profile', '/profile/passes', '/admin', '/admin/events', '/dev/mail']) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBe('private, no-store');
    }
    for (const path of ['/event/abc', '/event/3/registered', '/merchandise-x', '/login/x', '/api/login']) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBeUndefined();
    }
  });

  it('keeps every page behind the sign-in guard (lib/roles.ts) out of shared caches', async () => {
    // A shared cache does not key on the sign-in cookie: a signed-in visitor's copy would be served to the
    // signed-out, past proxy.ts. Next's own header for the static ones is `s-maxage=31536000`.
    const guarded = pagePaths().filter((page) => rolesForPath(page) !== null);
    expect(guarded).toEqual(
      expect.arrayContaining(['/merchandise', '/merchendise', '/accomodation', '/success', '/failure']),
    );
    expect(guarded).toContain('/event/1/register');
    for (const path of [...guarded, '/event/abc/register']) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBe('private, no-store');
    }
  });

  it("leaves the public read API's Cache-Control to its answers: public for data, private for errors", async () => {
    // A header set here would win over the route's own, and a 400 or 404 would then be kept by a CDN.
    for (const path of [
      '/api/admin/getSponsors',
      '/api/admin/team/get-team',
      '/api/admin/event-category/get-event-category',
      '/api/admin/event-category/get-events-by-category/3',
      '/api/admin/event-category/get-events-by-category/abc',
    ]) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBeUndefined();
    }
  });
});
