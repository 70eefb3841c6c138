import type { Metadata } from 'next';
import { TeamConsole } from '@/components/admin/content/team-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { listTeamForConsole } from '@/lib/server/admin/content-team';

export const metadata: Metadata = { title: 'Team' };

export default async function TeamContentPage() {
  await requireConsoleUser();
  const groups = await listTeamForConsole(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Team</h1>
      <p className="mt-2 max-w-prose text-parchment/90">
        The groups and people on the public team page, in the order shown there. Hidden ones stay here but
        leave the site; a group shows only while it has someone visible in it.
      </p>
      <TeamConsole groups={groups} />
    </main>
  );
}
