import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCustomRoute } from 'next/dist/lib/build-custom-route';

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
    ]) {
      expect(await headersFor(path, 'production'), path).toEqual({ 'x-content-type-options': 'nosniff' });
    }
    for (const path of ['/', '/sw.js', '/rulebooks/robo-wars.pdf', '/api/health', '/imagesque']) {
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
    for (const path of ['/event/3/register', '/event/abc', '/login/x', '/api/login']) {
      expect((await headersFor(path, 'production'))['cache-control'], path).toBeUndefined();
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

  it('names the shared cache handler', async () => {
    vi.resetModules();
    const config = (await import('@/next.config')).default;
    expect(config.cacheHandler).toMatch(/lib\/cache\/shared-cache-handler\.mjs$/);
  });
});
