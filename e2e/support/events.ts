import type { APIRequestContext } from '@playwright/test';

/*
 * Seeded events found through the public API (category 1), never by id, for the specs that need a
 * participant with a registration.
 */

interface FestivalEvent {
  id: number;
  name: string;
  isRegistrationOpen: boolean;
  participations: {
    id: number;
    participation_name: string;
    price: number;
    min_range: number;
    max_range: number;
  }[];
}

/** An open event of the first category with a free option for one person, and that option. */
export async function freeSoloEvent(request: APIRequestContext) {
  const categories = await request.get('/api/admin/event-category/get-event-category');
  const { data } = (await categories.json()) as { data: { id: number }[] };
  const events = await request.get(`/api/admin/event-category/get-events-by-category/${data[0]!.id}`);
  const list = ((await events.json()) as { data: FestivalEvent[] }).data;
  for (const event of list.filter((e) => e.isRegistrationOpen)) {
    const option = event.participations.find((o) => o.price === 0 && o.min_range === 1 && o.max_range === 1);
    if (option) return { event, option };
  }
  throw new Error('The seeded category 1 has no open free individual event');
}
