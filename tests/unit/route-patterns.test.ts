import { describe, expect, it } from 'vitest';
import { otherRoutes, routeMatcher } from '@/lib/server/metrics/route-patterns';

/** A manifest of the shape `next build` writes (.next/routes-manifest.json), with a few of the site's routes. */
const manifest = {
  staticRoutes: [{ page: '/' }, { page: '/event' }, { page: '/api/login' }, { page: '/api/my-plans' }],
  dynamicRoutes: [
    { page: '/api/certificates/[id]/pdf', regex: '^/api/certificates/([^/]+?)/pdf(?:/)?$' },
    { page: '/api/certificates/[id]', regex: '^/api/certificates/([^/]+?)(?:/)?$' },
    { page: '/event/[id]', regex: '^/event/([^/]+?)(?:/)?$' },
    { page: '/sandbox/razorpay/v1/[...path]', regex: '^/sandbox/razorpay/v1/(.+?)(?:/)?$' },
  ],
};

describe("a request's route label", () => {
  const routeOf = routeMatcher(manifest);

  it('is the pattern of a dynamic route, never the id or what follows it', () => {
    expect(routeOf('/event/7')).toBe('/event/[id]');
    expect(routeOf('/event/7/')).toBe('/event/[id]');
    expect(routeOf('/api/certificates/0b6c2f3e-1d1a-4c55-9d55-0c7f8e0f1a2b/pdf')).toBe(
      '/api/certificates/[id]/pdf',
    );
    expect(routeOf('/api/certificates/abc')).toBe('/api/certificates/[id]');
    expect(routeOf('/sandbox/razorpay/v1/orders/order_1/payments')).toBe('/sandbox/razorpay/v1/[...path]');
  });

  it('is the path itself for a static route', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/event')).toBe('/event');
    expect(routeOf('/api/login')).toBe('/api/login');
  });

  it('groups build files, public files and unknown addresses under a few fixed labels', () => {
    expect(routeOf('/_next/static/chunks/app-1a2b.js')).toBe(otherRoutes.buildFile);
    expect(routeOf('/_next/image')).toBe('/_next/image');
    expect(routeOf('/_next/something')).toBe(otherRoutes.nextInternal);
    expect(routeOf('/images/hero-1024.webp')).toBe(otherRoutes.publicFile);
    expect(routeOf('/wp-admin/setup-config.php')).toBe(otherRoutes.publicFile);
    // An address never becomes a label, whatever it holds.
    expect(routeOf('/someone@example.com')).toBe(otherRoutes.publicFile);
    expect(routeOf('/profile-of-someone')).toBe(otherRoutes.unmatched);
    expect(routeOf('/no/such/page')).toBe(otherRoutes.unmatched);
  });

  it('knows nothing but the fixed labels without a manifest', () => {
    expect(routeMatcher({})('/event/7')).toBe(otherRoutes.unmatched);
  });
});
