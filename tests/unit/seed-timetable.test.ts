import { describe, expect, it } from 'vitest';
import { categoriesSeed, timetableSeed, venuesSeed } from '@/lib/server/db/seed-data';
import { eventOverlaps, festivalDayOf, festivalOffset, venueClashes, withinFestival } from '@/lib/timetable';

/*
 * The sample timetable the development and demo database starts with: plausible enough that a newcomer
 * sees the schedule at work, and consistent with the seeded events and venues.
 */

const eventCategory = new Map(categoriesSeed.flatMap((c) => c.events.map((e) => [e.name, c.name] as const)));
const venueNames = venuesSeed.map((v) => v.name);

/** The seeded sittings in the shape the timetable rules take (ids by position). */
const sittings = timetableSeed.map((s, id) => ({
  ...s,
  id,
  eventId: [...eventCategory.keys()].indexOf(s.event),
  venueId: venueNames.indexOf(s.venue),
  startsAt: new Date(`${s.startsAt}:00${festivalOffset}`),
  endsAt: new Date(`${s.endsAt}:00${festivalOffset}`),
}));

describe('the seeded timetable', () => {
  it('names seeded events and venues only', () => {
    for (const s of timetableSeed) {
      expect(eventCategory.has(s.event), s.event).toBe(true);
      expect(venueNames, s.venue).toContain(s.venue);
    }
  });

  it('fills all four festival days with events of several categories, each sitting within one day', () => {
    for (const s of sittings) {
      expect(s.endsAt > s.startsAt, s.event).toBe(true);
      expect(withinFestival(s.startsAt, s.endsAt), s.event).toBe(true);
      expect(festivalDayOf(s.endsAt)?.number, s.event).toBe(festivalDayOf(s.startsAt)?.number);
    }
    const days = new Set(sittings.map((s) => festivalDayOf(s.startsAt)?.label));
    expect([...days].sort()).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4']);
    const categories = new Set(timetableSeed.map((s) => eventCategory.get(s.event)));
    expect(categories.size).toBeGreaterThanOrEqual(5);
  });

  it('never puts two sittings in one venue at once', () => {
    expect(venueClashes(sittings).map(([a, b]) => `${a.event} / ${b.event}`)).toEqual([]);
  });

  it('has no two first-category events at once, which one person may well register for together', () => {
    const first = categoriesSeed[0]!.name;
    const firstCategory = sittings.filter((s) => eventCategory.get(s.event) === first);
    expect(firstCategory.length).toBeGreaterThanOrEqual(5);
    expect(eventOverlaps(firstCategory).map(([a, b]) => `${a.event} / ${b.event}`)).toEqual([]);
  });
});
