import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/stylesheet/compiled/site-stylesheet', () => ({
  siteStylesheet: 'whole',
  routeStylesheets: {
    texts: ['login rules', 'event rules', 'register rules'],
    routes: { '/login': 0, '/register': 0, '/event/[id]': 1, '/event/[id]/register': 2 },
  },
}));

const { stylesheetFor } = await import('@/lib/stylesheet/server-stylesheet');
const { stylesheetGlobal } = await import('@/lib/stylesheet/stylesheet-global');

describe("the stylesheet a page's document carries", () => {
  it("is its route's own, routes sharing a text included", () => {
    expect(stylesheetFor('/login')).toBe('login rules');
    expect(stylesheetFor('/register')).toBe('login rules');
    expect(stylesheetFor('/event/4')).toBe('event rules');
    expect(stylesheetFor('/event/4/register')).toBe('register rules');
  });

  it('is the whole sheet on a path that is no route, whose not-found screen any page may show', () => {
    expect(stylesheetFor('/no-such-spell')).toBe('whole');
    expect(stylesheetFor('/event/4/register/more')).toBe('whole');
  });

  it('reaches the client component through the global, not a prop', () => {
    const fromGlobal = (globalThis as Record<string, unknown>)[stylesheetGlobal] as (path: string) => string;
    expect(fromGlobal('/event/4')).toBe('event rules');
  });
});
