import type { Metadata } from 'next';
import { EventsConsole } from '@/components/admin/events/events-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { liveEntriesByItem } from '@/lib/server/services/waiting-lists';
import { listCategoriesWithEvents } from '@/lib/server/admin/events';

export const metadata: Metadata = { title: 'Events' };

export default async function ConsoleEventsPage() {
  await requireConsoleUser();
  const db = await getDb();
  const [categories, waiting] = await Promise.all([
    listCategoriesWithEvents(db),
    liveEntriesByItem(db, 'participation_option'),
  ]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Events</h1>
      <p className="mt-2 mb-6 max-w-prose">
        Categories and events in the order the public pages show them. Closing registration or hiding an event
        shows on the site at once; events with registrations cannot be deleted.
      </p>
      <EventsConsole categories={categories} waiting={waiting} />
    </main>
  );
}
