import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { ScanInput, ScanOutcome, ScanPerson, ScanStatus } from '@/lib/schemas/attendance';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { attendance } from '@/lib/server/db/schema';
import { timeInIndia } from '@/lib/server/passes/passes';
import { eligibility } from './eligibility';
import { nameOfUser } from './people';
import { sessionById } from './sessions-lookup';

/*
 * Recording a scan. The database decides every race: the unique index on scan_id makes a scan sent twice
 * (a batch replayed after a lost answer) record nothing new, and the partial unique index on (session,
 * person) among rows not undone makes two volunteers scanning one pass at once record one row. Both are
 * met by one `insert ... on conflict do nothing`; the loser then reads the winner and answers from it.
 */

/** How far ahead of the server's clock a phone's clock may run before its time is not believed. */
const aheadAllowanceMs = 60 * 1000;
/** The oldest a scan may claim to be: a phone offline for longer than a day has its time cut to this. */
const oldestScanMs = 24 * 60 * 60 * 1000;

/** The phone's time of the scan, kept within reason by the server's clock. */
export function keptScanTime(claimed: string, at: Date = now()): Date {
  const time = new Date(claimed).getTime();
  const latest = at.getTime() + aheadAllowanceMs;
  const earliest = at.getTime() - oldestScanMs;
  if (!Number.isFinite(time) || time > latest) return at;
  return new Date(Math.max(time, earliest));
}

const refusalMessages: Record<Exclude<ScanStatus, 'present' | 'already_present'>, string> = {
  not_registered: 'is not registered for this event.',
  cancelled: 'cancelled their registration for this event.',
  revoked: 'has a revoked pass: send them to the help desk.',
  invalid: '',
  unknown_session: '',
};

function refusal(
  input: ScanInput,
  status: Exclude<ScanStatus, 'present' | 'already_present'>,
  person: ScanPerson | null,
): ScanOutcome {
  const message =
    status === 'unknown_session'
      ? 'This session does not exist (any more).'
      : person
        ? `${person.name} (${person.college}) ${refusalMessages[status]}`
        : 'This is not a valid festival pass.';
  return {
    scanId: input.scanId,
    sessionId: input.sessionId,
    status,
    message,
    person,
    attendanceId: null,
    scannedAt: null,
    recordedAt: null,
    recordedBy: null,
    undoneAt: null,
  };
}

type AttendanceRow = typeof attendance.$inferSelect;

async function outcomeOfRow(
  db: Db | Tx,
  input: ScanInput,
  row: AttendanceRow,
  status: 'present' | 'already_present',
  person: ScanPerson,
): Promise<ScanOutcome> {
  const by = await nameOfUser(db, row.recordedByUserId);
  const message =
    status === 'present'
      ? `${person.name} is present.`
      : `${person.name} is already present: scanned at ${timeInIndia(row.scannedAt)}${by ? ` by ${by}` : ''}.`;
  return {
    scanId: input.scanId,
    sessionId: row.sessionId,
    status,
    message,
    person,
    attendanceId: row.id,
    scannedAt: row.scannedAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: row.recordedByUserId ? { id: row.recordedByUserId, name: by ?? 'a former volunteer' } : null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** Records one scan and answers its outcome; a refusal is an outcome, not an error. */
export async function recordScan(db: Db, actor: Actor, input: ScanInput): Promise<ScanOutcome> {
  const session = await sessionById(db, input.sessionId);
  if (!session) return refusal(input, 'unknown_session', null);
  const check = await eligibility(db, input.code, session.eventId);
  // A scan already recorded answers as it did, even if the pass was revoked since: the replay of a batch
  // must not turn a recorded attendance into a refusal on the phone.
  const [recorded] = await db.select().from(attendance).where(eq(attendance.scanId, input.scanId));
  if (recorded && check.person) return outcomeOfRow(db, input, recorded, 'present', check.person);
  if (!check.ok) return refusal(input, check.status, check.person);

  const at = now();
  const scannedAt = keptScanTime(input.scannedAt, at);
  // Twice at most: the second pass only runs when the winner of a race was undone in between.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(attendance)
        .values({
          sessionId: session.id,
          userId: check.userId,
          registrationId: check.registrationId,
          scanId: input.scanId,
          scannedAt,
          recordedAt: at,
          recordedByUserId: actor.id,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        await recordAudit(tx, actor, {
          action: 'attendance',
          entity: 'attendance',
          entityId: inserted.id,
          after: { sessionId: session.id, event: session.eventName, person: check.person.name, scannedAt },
        });
        return outcomeOfRow(tx, input, inserted, 'present', check.person);
      }
      // The same scan sent again: answer what it answered the first time.
      const [same] = await tx.select().from(attendance).where(eq(attendance.scanId, input.scanId));
      if (same) return outcomeOfRow(tx, input, same, 'present', check.person);
      const [first] = await tx
        .select()
        .from(attendance)
        .where(
          and(
            eq(attendance.sessionId, session.id),
            eq(attendance.userId, check.userId),
            isNull(attendance.undoneAt),
          ),
        );
      return first ? outcomeOfRow(tx, input, first, 'already_present', check.person) : null;
    });
    if (answer) return answer;
  }
  throw new Error('attendance: no row recorded and none found to answer from');
}

/**
 * A phone's queue of scans made offline, answered one by one in the order sent. One scan's refusal never
 * fails the others, and a batch replayed answers the same (each scan is recognised by its scanId).
 */
export async function recordBatch(db: Db, actor: Actor, scans: readonly ScanInput[]): Promise<ScanOutcome[]> {
  const outcomes: ScanOutcome[] = [];
  for (const scan of scans) outcomes.push(await recordScan(db, actor, scan));
  return outcomes;
}
