import type { Metadata } from 'next';
import { SponsorsConsole } from '@/components/admin/content/sponsors-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { listSponsorGroupsForConsole } from '@/lib/server/admin/content-sponsors';

export const metadata: Metadata = { title: 'Sponsors' };

export default async function SponsorsContentPage() {
  await requireConsoleUser();
  const groups = await listSponsorGroupsForConsole(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Sponsors</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        Sponsor groups and sponsors in the order the sponsors page shows them. A hidden sponsor leaves the
        site at once and stays here, ready to be shown again.
      </p>
      <SponsorsConsole groups={groups} />
    </main>
  );
}
