import type { Metadata } from 'next';
import { CheckInConsole } from '@/components/admin/check-in-console';
import { PassRevocation } from '@/components/admin/pass-revocation';
import { consoleRoles, organiserRoles } from '@/lib/roles';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';

export const metadata: Metadata = { title: 'Check-in' };

export default async function CheckInPage() {
  const user = await requireConsoleUser(consoleRoles);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Check-in</h1>
      <p className="mt-2 max-w-prose">
        Scan each festival pass at the gate, or type its code. A pass counts once per festival day.
      </p>
      <CheckInConsole />
      {/* Revoking a pass is the organisers' decision; volunteers only scan. */}
      {(organiserRoles as readonly string[]).includes(user.role) && <PassRevocation />}
    </main>
  );
}
