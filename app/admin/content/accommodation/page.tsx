import type { Metadata } from 'next';
import { AccommodationConsole } from '@/components/admin/content/accommodation-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { liveEntriesByItem } from '@/lib/server/services/waiting-lists';
import { listAccommodationForConsole } from '@/lib/server/admin/content-accommodation';

export const metadata: Metadata = { title: 'Accommodation' };

export default async function AccommodationContentPage() {
  await requireConsoleUser();
  const db = await getDb();
  const [types, waiting] = await Promise.all([
    listAccommodationForConsole(db),
    liveEntriesByItem(db, 'accommodation_option'),
  ]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Accommodation</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        Stay types and their dates, with places booked and held right now. Capacity cannot go below what is
        taken, booked stays keep their dates, and anything with bookings can be hidden, not deleted.
      </p>
      <AccommodationConsole types={types} waiting={waiting} />
    </main>
  );
}
