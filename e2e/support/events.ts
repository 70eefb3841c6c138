import { expect, type APIRequestContext } from '@playwright/test';
import type { TestAccount } from './accounts';

/*
 * Seeded events found through the public API (category 1), never by id, for the specs that need a
 * participant with a registration; events of a spec's own made through the console API; place limits.
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
    places_left: number | null;
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

interface AdminOption {
  id: number;
  participationName: string;
  price: number;
  minRange: number;
  maxRange: number;
  placeLimit: number | null;
}

const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/**
 * Gives one option of an event a place limit through the console API ('' for none); the event's other
 * options are sent back as they were (an omitted limit is kept). Raising a limit offers the freed places
 * to the option's waiting list at once (docs/waiting-lists.md).
 */
export async function setPlaceLimit(
  request: APIRequestContext,
  organiser: TestAccount,
  eventId: number,
  optionId: number,
  placeLimit: number | '',
) {
  const current = await request.get(`/api/admin/event/${eventId}`, { headers: bearer(organiser) });
  expect(current.ok(), await current.text()).toBe(true);
  const { participations } = ((await current.json()) as { data: { participations: AdminOption[] } }).data;
  const answer = await request.patch(`/api/admin/event/${eventId}`, {
    headers: bearer(organiser),
    data: {
      participations: participations.map((o) => ({
        id: o.id,
        participationName: o.participationName,
        price: o.price,
        minRange: o.minRange,
        maxRange: o.maxRange,
        ...(o.id === optionId ? { placeLimit } : {}),
      })),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

export interface OwnEvent {
  categoryId: number;
  /** The category's 1-based position on /event: the public pages' N. */
  position: number;
  event: FestivalEvent;
  /** Hides the event and its category again (an event with registrations cannot be deleted). */
  hide: () => Promise<void>;
}

/**
 * A category and event of the test's own, made through the console API, so the seeded events stay as
 * they were: one option per entry of `options` (a limit of places each, when given).
 */
export async function createOwnEvent(
  request: APIRequestContext,
  organiser: TestAccount,
  label: string,
  options: {
    participationName: string;
    price: number;
    minRange: number;
    maxRange: number;
    placeLimit?: number;
  }[],
): Promise<OwnEvent> {
  const headers = bearer(organiser);
  const suffix = Math.random().toString(36).slice(2, 7);
  const category = await request.post('/api/admin/event-category', {
    headers,
    data: { name: `${label} ${suffix}`, imageUrl: '/images/events/robot-arena.svg' },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const categoryId = ((await category.json()) as { data: { id: number } }).data.id;
  const created = await request.post('/api/admin/event', {
    headers,
    data: {
      categoryId,
      name: `${label} Trial ${suffix}`,
      description: 'A trial made for one end-to-end journey.',
      imageUrl: '/images/events/robot-arena.svg',
      poc1Name: 'Minerva Rao',
      poc1PhoneNo: '9000000042',
      participations: options,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const eventId = ((await created.json()) as { data: { id: number } }).data.id;
  const visible = await request.get('/api/admin/event-category/get-event-category');
  const categories = ((await visible.json()) as { data: { id: number }[] }).data;
  const position = categories.findIndex((c) => c.id === categoryId) + 1;
  expect(position).toBeGreaterThan(0);
  const list = await request.get(`/api/admin/event-category/get-events-by-category/${categoryId}`);
  const event = ((await list.json()) as { data: FestivalEvent[] }).data.find((e) => e.id === eventId);
  expect(event).toBeDefined();
  return {
    categoryId,
    position,
    event: event!,
    hide: async () => {
      const closed = await request.patch(`/api/admin/event/${eventId}`, {
        headers,
        data: { isVisible: false, isRegistrationOpen: false },
      });
      expect(closed.ok(), await closed.text()).toBe(true);
      const hidden = await request.patch(`/api/admin/event-category/${categoryId}`, {
        headers,
        data: { isVisible: false },
      });
      expect(hidden.ok(), await hidden.text()).toBe(true);
    },
  };
}

/** Registers `account` (and teammates) for a free option through the API, as the screen does. */
export async function registerFree(
  request: APIRequestContext,
  account: TestAccount,
  eventId: number,
  optionId: number,
  team: { emails?: string[]; teamName?: string | null } = {},
) {
  return request.post(`/api/event-register/event-registration/${eventId}`, {
    headers: bearer(account),
    data: {
      registerData: {
        emails: team.emails ?? [account.email],
        isDAStudent: false,
        teamName: team.teamName ?? null,
        participationId: optionId,
      },
      payData: null,
    },
  });
}
