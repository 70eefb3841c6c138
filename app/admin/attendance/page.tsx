import type { Metadata } from 'next';
import { AttendanceSessions } from '@/components/admin/attendance/attendance-sessions';
import { consoleRoles, organiserRoles } from '@/lib/roles';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { listAttendanceSessions } from '@/lib/server/attendance';
import { getDb } from '@/lib/server/db';

export const metadata: Metadata = { title: 'Attendance' };

export default async function AttendancePage() {
  const user = await requireConsoleUser(consoleRoles);
  const sessions = await listAttendanceSessions(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Attendance</h1>
      <p className="mt-2 max-w-prose">
        Open a session at its venue and scan each participant&apos;s festival pass. It keeps working without
        signal: scans wait on the phone and are sent when it is back online.
      </p>
      <AttendanceSessions
        initial={sessions}
        // The CSV has e-mails: organisers only.
        canExport={(organiserRoles as readonly string[]).includes(user.role)}
      />
    </main>
  );
}
