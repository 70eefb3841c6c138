import type { Metadata } from 'next';
import type { CategoryChoice } from '@/components/admin/timetable/event-select';
import { TimetableConsole } from '@/components/admin/timetable/timetable-console';
import { listCategoriesWithEvents } from '@/lib/server/admin/events';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getAdminTimetable } from '@/lib/server/admin/timetable';
import { getDb } from '@/lib/server/db';

export const metadata: Metadata = { title: 'Timetable' };

export default async function ConsoleTimetablePage() {
  await requireConsoleUser();
  const db = await getDb();
  const [timetable, categories] = await Promise.all([getAdminTimetable(db), listCategoriesWithEvents(db)]);
  // The session form needs the events' names only, not their descriptions and options.
  const choices: CategoryChoice[] = categories.map((c) => ({
    id: c.id,
    name: c.name,
    isVisible: c.isVisible,
    events: c.events.map((e) => ({ id: e.id, name: e.name, isVisible: e.isVisible })),
  }));
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Timetable</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        Venues and every event&apos;s sessions, Day 1 to Day 4 in India time. The schedule and the event pages
        show a change at once; moving or deleting a session mails everyone registered for its event.
      </p>
      <TimetableConsole timetable={timetable} categories={choices} />
    </main>
  );
}
