import { beforeAll, expect, it } from 'vitest';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { timetableSeed } from '@/lib/server/db/seed-data';
import { publicTimetable } from '@/lib/server/services/timetable';
import { sessionWhen } from '@/lib/timetable';
import { describeEachDatabase } from '../support/test-db';

/* The development seed writes the sample timetable; the content-only seed of the other suites does not. */

describeEachDatabase('the development seed', (current) => {
  beforeAll(async () => {
    expect(await seedIfEmpty(current().db, { withTimetable: true })).toMatchObject({
      sessions: timetableSeed.length,
    });
  });

  it('publishes the sample timetable on the public schedule, its times in India time', async () => {
    const sessions = await publicTimetable(current().db);
    expect(sessions).toHaveLength(timetableSeed.length);
    expect(sessions[0]).toMatchObject({
      eventName: 'Golem Wars',
      roundName: 'Prelims',
      venueName: 'Sports Ground',
    });
    expect(sessionWhen(sessions[0]!)).toBe('Day 1, Sat, 20 Feb, 10:00–11:30');
  });

  it('seeds nothing twice', async () => {
    expect(await seedIfEmpty(current().db, { withTimetable: true })).toBeNull();
  });
});
