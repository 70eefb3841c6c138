import type { Metadata } from 'next';
import { OfferHoursForm } from '@/components/admin/waiting-lists/offer-hours-form';
import { WaitingListOverview } from '@/components/admin/waiting-lists/waiting-list-overview';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { offerHours } from '@/lib/server/inventory';
import { waitingListItems } from '@/lib/server/services/waiting-lists';

export const metadata: Metadata = { title: 'Waiting lists' };

const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';

export default async function WaitingListsPage() {
  await requireConsoleUser();
  const db = await getDb();
  const [items, hours] = await Promise.all([waitingListItems(db), offerHours(db)]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Waiting lists</h1>
      <p className="mt-2 max-w-prose text-parchment">
        Options, T-shirt sizes and stays that are full and have people waiting. A unit that frees goes to the
        first in line as an offer, held for them for the offer time; raising a limit, stock or capacity makes
        the offers at once. Open an item to see its list in order, raise its limit or download it as CSV.
      </p>

      <section aria-labelledby="lists-heading" className={sectionClass}>
        <h2 id="lists-heading" className={h2Class}>
          Items people wait for
        </h2>
        <WaitingListOverview items={items} />
      </section>

      <section aria-labelledby="offer-time-heading" className={sectionClass}>
        <h2 id="offer-time-heading" className={h2Class}>
          Offer time
        </h2>
        <OfferHoursForm hours={hours} />
      </section>
    </main>
  );
}
