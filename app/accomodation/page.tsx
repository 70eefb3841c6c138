// /accomodation (spelt so, SPEC.md part 2): accommodation booking, for signed-in participants, rendered
// for each visitor with their booking state and the places left as they are now.
import type { Metadata } from 'next';
import { AccommodationScreen } from '@/components/accommodation/accommodation-screen';
import { GuardedPage } from '@/components/auth/guarded-page';
import { offerParam, type SearchParams } from '@/lib/query-string';
import { requestViewer } from '@/lib/server/auth/request-viewer';
import { getDb } from '@/lib/server/db';
import { readForPage } from '@/lib/server/page-data';
import { listAccommodation } from '@/lib/server/services/accommodation';
import { getProfile } from '@/lib/server/services/profile';

export const metadata: Metadata = { title: 'Accommodation', robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requestViewer();
  const [profile, types, query] = await Promise.all([
    user ? readForPage('profile', async () => getProfile(await getDb(), user.userId)) : null,
    readForPage('accommodation', async () => listAccommodation(await getDb())),
    searchParams,
  ]);
  return (
    <GuardedPage user={user}>
      <AccommodationScreen fromServer={{ profile, types }} offerId={offerParam(query)} />
    </GuardedPage>
  );
}
