import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { organiserAccount, type TestAccount } from './support/accounts';

/*
 * The four public read APIs are served whole from Next's route cache, as the public pages are: the second
 * request is a hit (x-nextjs-cache: HIT, no handler run), and an organiser's change through the console
 * reaches the very next request. A category's 404 is cached too, with the events' tag, so a category
 * shown later is found. Everything changed here is put back, so the other journeys see the seed.
 */

const publicCacheControl = 'public, s-maxage=10, stale-while-revalidate=60';
const categoriesPath = '/api/admin/event-category/get-event-category';
const eventsPath = (id: number | string) => `/api/admin/event-category/get-events-by-category/${id}`;

interface Named {
  id: number;
  name: string;
}

/** A request made twice: the first may render, the second must come from the cache, alike. */
async function twice(request: APIRequestContext, path: string): Promise<APIResponse> {
  const first = await request.get(path);
  const second = await request.get(path);
  expect(second.headers()['x-nextjs-cache'], path).toBe('HIT');
  expect(second.status(), path).toBe(first.status());
  expect(await second.text(), path).toBe(await first.text());
  return second;
}

async function consoleApi(request: APIRequestContext, organiser: TestAccount) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  return async (method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) => {
    const answer = await request[method](path, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { data: unknown }).data;
  };
}

test.describe('the public read API', () => {
  test('is served from the route cache with the public Cache-Control, its errors privately', async ({
    request,
  }) => {
    for (const path of ['/api/admin/getSponsors', '/api/admin/team/get-team', categoriesPath]) {
      const answer = await twice(request, path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['cache-control'], path).toBe(publicCacheControl);
      expect(((await answer.json()) as { data: unknown[] }).data.length, path).toBeGreaterThan(0);
    }
    const categories = ((await (await request.get(categoriesPath)).json()) as { data: Named[] }).data;
    const events = await twice(request, eventsPath(categories[0]!.id));
    expect(events.headers()['cache-control']).toBe(publicCacheControl);

    const malformed = await twice(request, eventsPath('abc'));
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The category id must be a positive whole number.' });
    expect(malformed.headers()['cache-control']).toBe('private, no-store');
    const unknown = await twice(request, eventsPath(987654));
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No such event category.' });
    expect(unknown.headers()['cache-control']).toBe('private, no-store');
  });

  test("answers an organiser's change of sponsors and team on the next request", async ({ request }) => {
    const send = await consoleApi(request, await organiserAccount(request));
    const sponsors = (await send('get', '/api/admin/sponsor')) as (Named & { isVisible: boolean })[];
    const sponsor = sponsors.find((s) => s.isVisible)!;
    const sponsorNames = async () =>
      (
        (await (await twice(request, '/api/admin/getSponsors')).json()) as {
          data: { sponsors: { name: string }[] }[];
        }
      ).data.flatMap((group) => group.sponsors.map((s) => s.name));
    const teamNames = async () =>
      (
        (await (await twice(request, '/api/admin/team/get-team')).json()) as {
          data: { teamMembers: { name: string }[] }[];
        }
      ).data.flatMap((group) => group.teamMembers.map((m) => m.name));

    const member = (
      (await (await request.get('/api/admin/team/get-team')).json()) as {
        data: { teamMembers: { name: string }[] }[];
      }
    ).data[0]!.teamMembers[0]!;
    const members = (await send('get', '/api/admin/team-member')) as Named[];
    const memberId = members.find((m) => m.name === member.name)!.id;
    const renamed = `${member.name} the Wise`;
    try {
      expect(await sponsorNames()).toContain(sponsor.name);
      await send('patch', `/api/admin/sponsor/${sponsor.id}`, { isVisible: false });
      expect(await sponsorNames()).not.toContain(sponsor.name);

      expect(await teamNames()).toContain(member.name);
      await send('patch', `/api/admin/team-member/${memberId}`, { name: renamed });
      const names = await teamNames();
      expect(names).toContain(renamed);
      expect(names).not.toContain(member.name);
    } finally {
      await send('patch', `/api/admin/sponsor/${sponsor.id}`, { isVisible: true });
      await send('patch', `/api/admin/team-member/${memberId}`, { name: member.name });
    }
    expect(await sponsorNames()).toContain(sponsor.name);
    expect(await teamNames()).toContain(member.name);
  });

  test("answers a category's 404 until organisers show it, then its events as they add them", async ({
    request,
  }) => {
    const send = await consoleApi(request, await organiserAccount(request));
    const suffix = Math.random().toString(36).slice(2, 7);
    const category = (await send('post', '/api/admin/event-category', {
      name: `Cached Trials ${suffix}`,
      imageUrl: '/images/events/robot-arena.svg',
      isVisible: false,
    })) as Named;
    const eventName = `Echo Duel ${suffix}`;
    try {
      // Hidden: not listed, and its events are a (cached) 404.
      const listed = async () =>
        ((await (await twice(request, categoriesPath)).json()) as { data: Named[] }).data.map((c) => c.id);
      expect(await listed()).not.toContain(category.id);
      expect((await twice(request, eventsPath(category.id))).status()).toBe(404);

      await send('patch', `/api/admin/event-category/${category.id}`, { isVisible: true });
      expect(await listed()).toContain(category.id);
      const empty = await twice(request, eventsPath(category.id));
      expect(empty.status()).toBe(200);
      expect(await empty.json()).toEqual({ message: 'Events', data: [] });

      await send('post', '/api/admin/event', {
        categoryId: category.id,
        name: eventName,
        description: 'Each spell cast is answered by its echo.',
        imageUrl: '/images/events/robot-arena.svg',
        poc1Name: 'Minerva Rao',
        poc1PhoneNo: '9000000042',
        participations: [{ participationName: 'Solo', price: 0, minRange: 1, maxRange: 1 }],
      });
      const filled = await twice(request, eventsPath(category.id));
      expect(((await filled.json()) as { data: Named[] }).data.map((e) => e.name)).toEqual([eventName]);
    } finally {
      const list = await request.get(eventsPath(category.id));
      for (const event of ((await list.json()) as { data?: Named[] }).data ?? []) {
        await send('delete', `/api/admin/event/${event.id}`);
      }
      await send('delete', `/api/admin/event-category/${category.id}`);
    }
    expect((await twice(request, eventsPath(category.id))).status()).toBe(404);
  });
});
