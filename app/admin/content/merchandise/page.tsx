import type { Metadata } from 'next';
import { MerchandiseConsole } from '@/components/admin/content/merchandise-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { liveEntriesByItem } from '@/lib/server/services/waiting-lists';
import { listMerchandiseForConsole } from '@/lib/server/admin/content-merchandise';

export const metadata: Metadata = { title: 'Merchandise' };

export default async function MerchandiseContentPage() {
  await requireConsoleUser();
  const db = await getDb();
  const [products, waiting] = await Promise.all([
    listMerchandiseForConsole(db),
    liveEntriesByItem(db, 'merchandise_variant'),
  ]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Merchandise</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        Products and their sizes. Stock counts every unit ever put on sale: it cannot go below what is sold
        plus what buyers hold in open checkouts. Anything with orders can be hidden or disabled, not deleted.
      </p>
      <MerchandiseConsole products={products} waiting={waiting} />
    </main>
  );
}
