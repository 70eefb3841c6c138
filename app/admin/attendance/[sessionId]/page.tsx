import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import Link from 'next/link';
import { SessionScanner } from '@/components/admin/attendance/session-scanner';
import { consoleRoles } from '@/lib/roles';
import { sessionIdParam } from '@/lib/schemas/attendance';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';

export const metadata: Metadata = { title: 'Take attendance' };

/**
 * A session's scanning screen. The roster is loaded by the screen itself (and kept on the phone), so the
 * page needs nothing from the database beyond the signed-in role.
 */
export default async function SessionAttendancePage({ params }: { params: Promise<{ sessionId: string }> }) {
  const user = await requireConsoleUser(consoleRoles);
  const id = sessionIdParam.safeParse((await params).sessionId);
  if (!id.success) notFound();
  return (
    <main>
      <Link href="/admin/attendance" className="text-gold underline underline-offset-4">
        All sessions
      </Link>
      <SessionScanner sessionId={id.data} userId={user.id} />
    </main>
  );
}
