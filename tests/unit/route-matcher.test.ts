import { describe, expect, it } from 'vitest';
import { routeMatcher } from '@/lib/route-matcher';

describe('which route a pathname is', () => {
  const routeOf = routeMatcher([
    '/',
    '/event',
    '/event/[id]',
    '/event/[id]/register',
    '/event/featured',
    '/docs/[...slug]',
    '/docs/intro',
    '/shop/[[...path]]',
    '/admin/waiting-lists/[kind]/[itemId]',
  ]);

  it('knows the home page and static pages, with or without a trailing slash', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/event')).toBe('/event');
    expect(routeOf('/event/')).toBe('/event');
  });

  it('fills a dynamic segment with any one segment', () => {
    expect(routeOf('/event/12')).toBe('/event/[id]');
    expect(routeOf('/event/12/register')).toBe('/event/[id]/register');
    expect(routeOf('/admin/waiting-lists/stay/4')).toBe('/admin/waiting-lists/[kind]/[itemId]');
  });

  it('prefers a static segment to a dynamic one at the same place, whatever the order given', () => {
    expect(routeOf('/event/featured')).toBe('/event/featured');
    expect(routeMatcher(['/event/featured', '/event/[id]'])('/event/featured')).toBe('/event/featured');
    expect(routeMatcher(['/event/[id]', '/event/featured'])('/event/featured')).toBe('/event/featured');
  });

  it('gives a catch-all one segment or more, and an optional catch-all none or more, after the rest', () => {
    expect(routeOf('/docs/intro')).toBe('/docs/intro');
    expect(routeOf('/docs/a/b/c')).toBe('/docs/[...slug]');
    expect(routeOf('/docs')).toBeUndefined();
    expect(routeOf('/shop')).toBe('/shop/[[...path]]');
    expect(routeOf('/shop/tees/red')).toBe('/shop/[[...path]]');
    expect(routeMatcher(['/a/[...rest]', '/a/[id]'])('/a/1')).toBe('/a/[id]');
  });

  it('matches a static segment by its decoded name', () => {
    expect(routeMatcher(['/caf\u00e9'])('/caf%C3%A9')).toBe('/caf\u00e9');
    expect(routeOf('/event/%E0%A4')).toBe('/event/[id]');
  });

  it('knows no route for a path no page has: a 404 gets the whole stylesheet', () => {
    expect(routeOf('/no-such-spell')).toBeUndefined();
    expect(routeOf('/event/12/register/extra')).toBeUndefined();
    expect(routeOf('/_not-found')).toBeUndefined();
  });
});
