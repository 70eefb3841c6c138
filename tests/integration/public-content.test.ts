import { beforeAll, expect, it, vi } from 'vitest';
import * as categoriesRoute from '@/app/api/admin/event-category/get-event-category/route';
import * as eventsRoute from '@/app/api/admin/event-category/get-events-by-category/[categoryId]/route';
import * as sponsorsRoute from '@/app/api/admin/getSponsors/route';
import * as teamRoute from '@/app/api/admin/team/get-team/route';
import type { EventCategory, FestivalEvent, SponsorGroup, TeamGroup } from '@/lib/content-types';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { sponsorsSeed } from '@/lib/server/db/seed-data';
import { call } from '../support/api';
import { describeEachDatabase } from '../support/test-db';

// The reads go through next/cache's data cache, which needs Next's request context: read straight through.
vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

const publicCache = 'public, s-maxage=10, stale-while-revalidate=60';
const getCategories = categoriesRoute.GET;
const getEvents = eventsRoute.GET;
const getSponsors = sponsorsRoute.GET;
const getTeam = teamRoute.GET;

/** A request whose every property throws: what a handler of an answer shared by everyone may not read. */
const untouchable = new Proxy(new Request('http://localhost/api/test'), {
  get(_target, prop) {
    throw new Error(`the handler read request.${String(prop)}`);
  },
});

describeEachDatabase('public content reads', (current) => {
  beforeAll(async () => {
    await seedIfEmpty(current().db);
  });

  it('lists the visible categories in order with id, name and imageUrl', async () => {
    const answer = await call<{ message: string; data: EventCategory[] }>(getCategories);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(answer.body.data[0]!).sort()).toEqual(['id', 'imageUrl', 'name']);
  });

  it("answers a category's events with the spec's field names and their options", async () => {
    const categories = (await call<{ data: EventCategory[] }>(getCategories)).body.data;
    let total = 0;
    for (const category of categories) {
      const answer = await call<{ data: FestivalEvent[] }>(getEvents, {
        params: { categoryId: String(category.id) },
      });
      expect(answer.status).toBe(200);
      total += answer.body.data.length;
      for (const event of answer.body.data) {
        expect(event).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          image_url: expect.stringMatching(/^\//),
          description: expect.any(String),
          isRegistrationOpen: expect.any(Boolean),
          poc1_name: expect.any(String),
          poc1_phone_no: expect.any(String),
        });
        for (const option of event.participations) {
          expect(option.min_range).toBeLessThanOrEqual(option.max_range);
          expect(Object.keys(option).sort()).toEqual([
            'id',
            'max_range',
            'min_range',
            'participation_name',
            'places_left',
            'price',
          ]);
          expect(option.places_left).toBeNull(); // the seeded options are unlimited
        }
      }
    }
    expect(total).toBe(72);
  });

  it('refuses a malformed category id with 400 and an unknown one with 404', async () => {
    expect((await call(getEvents, { params: { categoryId: 'abc' } })).status).toBe(400);
    expect((await call(getEvents, { params: { categoryId: '-1' } })).status).toBe(400);
    expect((await call(getEvents, { params: { categoryId: '0' } })).body).toEqual({
      message: 'The category id must be a positive whole number.',
    });
    const unknown = await call(getEvents, { params: { categoryId: '99999' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No such event category.' } });
  });

  it('answers only visible sponsors, grouped', async () => {
    const answer = await call<{ data: SponsorGroup[] }>(getSponsors);
    const names = answer.body.data.flatMap((g) => g.sponsors.map((s) => s.name));
    const hidden = sponsorsSeed.flatMap((g) => g.sponsors.filter((s) => !s.isVisible).map((s) => s.name));
    expect(hidden.length).toBeGreaterThan(0);
    for (const name of hidden) expect(names).not.toContain(name);
    expect(answer.body.data.every((g) => g.sponsors.every((s) => s.isVisible))).toBe(true);
    expect(names.length).toBeGreaterThan(0);
  });

  it('answers the team grouped by category', async () => {
    const answer = await call<{ data: TeamGroup[] }>(getTeam);
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data[0]?.teamMembers[0]).toMatchObject({
      name: expect.any(String),
      designation: expect.any(String),
    });
  });

  it('lets a CDN keep the public reads briefly, but not their errors', async () => {
    const categories = await call<{ data: EventCategory[] }>(getCategories);
    expect(categories.headers.get('cache-control')).toBe(publicCache);
    const events = await call(getEvents, { params: { categoryId: String(categories.body.data[0]!.id) } });
    expect(events.headers.get('cache-control')).toBe(publicCache);
    expect((await call(getSponsors)).headers.get('cache-control')).toBe(publicCache);
    expect((await call(getTeam)).headers.get('cache-control')).toBe(publicCache);
    const unknown = await call(getEvents, { params: { categoryId: '99999' } });
    expect(unknown.headers.get('cache-control')).toBe('private, no-store');
  });

  it('are served whole from the route cache: static, each category id on its first request', () => {
    for (const route of [categoriesRoute, eventsRoute, sponsorsRoute, teamRoute]) {
      expect(route.dynamic).toBe('force-static');
    }
    // None prerendered (the build has no database); any other id is rendered on its first request.
    expect(eventsRoute.generateStaticParams()).toEqual([]);
    expect(eventsRoute.dynamicParams).toBe(true);
  });

  it('read nothing of the request, so the answer cached for one caller is right for all', async () => {
    const params = (categoryId?: string) => ({
      params: Promise.resolve<Record<string, string>>(categoryId ? { categoryId } : {}),
    });
    for (const handler of [getCategories, getSponsors, getTeam]) {
      expect((await handler(untouchable, params())).status).toBe(200);
    }
    const first = (await call<{ data: EventCategory[] }>(getCategories)).body.data[0]!;
    expect((await getEvents(untouchable, params(String(first.id)))).status).toBe(200);
    expect((await getEvents(untouchable, params('abc'))).status).toBe(400);
    expect((await getEvents(untouchable, params('99999'))).status).toBe(404);
  });

  it('refuses a NUL in the category id with 400, never a 500', async () => {
    const answer = await call(getEvents, { params: { categoryId: '1\0' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });
});
