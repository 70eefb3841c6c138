import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { undoWindowMs, type UndoAnswer } from '@/lib/schemas/attendance';
import { organiserRoles } from '@/lib/roles';
import { recordAudit } from '@/lib/server/admin/audit';
import type { AuthUser } from '@/lib/server/auth/session';
import { now } from '@/lib/server/clock';
import type { Db } from '@/lib/server/db';
import { attendance } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

export const undoTooLateMessage = 'An attendance can be undone only within 5 minutes of the scan.';

/**
 * Undoes an attendance (a wrong pass scanned, a mistaken tap): only within five minutes of its recording
 * (the server's time, not the phone's: a scan sent late from offline still gets its five minutes), by the
 * volunteer who scanned it or any organiser. The row stays, marked undone, for the audit; the person can
 * be scanned again. Undoing what is already undone answers as the first undo did.
 */
export async function undoAttendance(
  db: Db,
  actor: Pick<AuthUser, 'id' | 'email' | 'role'>,
  attendanceId: string,
): Promise<{ message: string; data: UndoAnswer }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(attendance).where(eq(attendance.id, attendanceId)).for('update');
    if (!row) throw new AppError('not_found', 'Attendance not found.');
    if (row.undoneAt) {
      return {
        message: 'This attendance was already undone.',
        data: { attendanceId: row.id, undoneAt: row.undoneAt.toISOString() },
      };
    }
    const isOrganiser = (organiserRoles as readonly string[]).includes(actor.role);
    if (!isOrganiser && row.recordedByUserId !== actor.id) {
      throw new AppError(
        'forbidden',
        'Only the volunteer who scanned it or an organiser can undo this attendance.',
      );
    }
    const at = now();
    if (at.getTime() - row.recordedAt.getTime() > undoWindowMs) {
      throw new AppError('conflict', undoTooLateMessage);
    }
    await tx
      .update(attendance)
      .set({ undoneAt: at, undoneByUserId: actor.id })
      .where(and(eq(attendance.id, row.id), isNull(attendance.undoneAt)));
    await recordAudit(tx, actor, {
      action: 'undo',
      entity: 'attendance',
      entityId: row.id,
      before: { sessionId: row.sessionId, userId: row.userId, scannedAt: row.scannedAt, undoneAt: null },
      after: { sessionId: row.sessionId, userId: row.userId, scannedAt: row.scannedAt, undoneAt: at },
    });
    return {
      message: 'The attendance is undone.',
      data: { attendanceId: row.id, undoneAt: at.toISOString() },
    };
  });
}
