// /merchandise: the merchandise screen (SPEC.md part 2), for signed-in participants, rendered for each
// visitor with the stock as it is now.
import type { Metadata } from 'next';
import { GuardedPage } from '@/components/auth/guarded-page';
import { MerchandiseScreen } from '@/components/merch/merchandise-screen';
import { offerParam, type SearchParams } from '@/lib/query-string';
import { requestViewer } from '@/lib/server/auth/request-viewer';
import { getDb } from '@/lib/server/db';
import { readForPage } from '@/lib/server/page-data';
import { listMerchandise } from '@/lib/server/services/merchandise';

export const metadata: Metadata = { title: 'Merchandise', robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [user, listed, query] = await Promise.all([
    requestViewer(),
    readForPage('merchandise', async () => listMerchandise(await getDb())),
    searchParams,
  ]);
  return (
    <GuardedPage user={user}>
      <MerchandiseScreen listed={listed} offerId={offerParam(query)} />
    </GuardedPage>
  );
}
