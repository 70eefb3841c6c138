import type { Metadata } from 'next';
import { ProniteConsole } from '@/components/admin/content/pronite-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { listProniteArtistsForConsole } from '@/lib/server/admin/content-pronite';

export const metadata: Metadata = { title: 'Pronite' };

export default async function ProniteContentPage() {
  await requireConsoleUser();
  const artists = await listProniteArtistsForConsole(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Pronite</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        The artists of the concert nights, in the order the Pronite page shows them.
      </p>
      <ProniteConsole artists={artists} />
    </main>
  );
}
