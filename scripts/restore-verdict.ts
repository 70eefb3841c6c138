// What `npm run drill:restore` concludes from the rows: free of servers, so tests/unit/restore-verdict.test.ts
// checks the logic itself.
//
// Every row version carries the transaction that wrote it (xmin) and that transaction's commit time
// (track_commit_timestamp). A restore to time T replays exactly the transactions that committed at or
// before T (recovery_target_inclusive), so, row by row:
// - every version in the restore was committed at or before T (nothing after T came back);
// - every version the source had that was committed at or before T, still there at the end or deleted by
//   the mistake afterwards, is in the restore as that same version (same xmin): nothing before T is lost.
// A row changed again after T is not checked for its earlier content (only the newest version is known).

export interface RowVersion {
  table: string;
  id: string;
  /** The transaction that wrote this version. */
  xmin: string;
  /** Its commit time, microseconds since 1970. */
  committedUs: number;
  /** Whose it is (orders, bookings) and its state or status, where the table has one. */
  userId?: string;
  status?: string;
}

export interface RestoreEvidence {
  targetUs: number;
  /** The source's rows at the end of the run. */
  source: RowVersion[];
  /** The rows the mistaken deletion removed, as they were when it removed them. */
  deleted: RowVersion[];
  /** The restored server's rows, read before anything ran on it. */
  restored: RowVersion[];
}

export interface RestoreCounts {
  /** Payment orders fulfilled (paid and delivered) at T, and those the restore has fulfilled. */
  paidBefore: number;
  paidBeforeRestored: number;
  /** Payment orders the source wrote after T (new or changed), and how many of those versions the restore has. */
  changedAfter: number;
  changedAfterRestored: number;
  /** Rows the mistake deleted that existed at T, and how many of them came back. */
  deletedBefore: number;
  deletedBack: number;
  /** Rows the mistake deleted that were written after T (gone either way). */
  deletedAfter: number;
  /** The newest commit among the restored rows. */
  newestRestoredUs: number | null;
}

const key = (row: RowVersion) => `${row.table}:${row.id}`;

/** A few examples for a message, then how many more. */
function examples(rows: RowVersion[], describe: (row: RowVersion) => string): string {
  const shown = rows.slice(0, 3).map(describe).join('; ');
  return rows.length > 3 ? `${shown}; and ${rows.length - 3} more` : shown;
}

export function judgeRestore(evidence: RestoreEvidence): { failures: string[]; counts: RestoreCounts } {
  const { targetUs, source, deleted, restored } = evidence;
  const failures: string[] = [];
  const restoredByKey = new Map(restored.map((row) => [key(row), row]));

  const tooNew = restored.filter((row) => row.committedUs > targetUs);
  if (tooNew.length > 0) {
    failures.push(
      `${tooNew.length} restored row(s) were committed after the target: ${examples(tooNew, (r) => `${r.table} ${r.id} at ${r.committedUs}`)}`,
    );
  }

  const expected = [...source, ...deleted].filter((row) => row.committedUs <= targetUs);
  const lost = expected.filter((row) => restoredByKey.get(key(row))?.xmin !== row.xmin);
  if (lost.length > 0) {
    failures.push(
      `${lost.length} row(s) committed by the target are missing from the restore or differ: ${examples(lost, (r) => `${r.table} ${r.id} (${restoredByKey.has(key(r)) ? 'another version' : 'missing'})`)}`,
    );
  }

  const isPaid = (row: RowVersion) => row.table === 'payment_orders' && row.status === 'fulfilled';
  const paidBefore = source.filter((row) => isPaid(row) && row.committedUs <= targetUs);
  const paidBeforeRestored = paidBefore.filter((row) => {
    const back = restoredByKey.get(key(row));
    return back !== undefined && isPaid(back);
  }).length;
  const writtenAfter = source.filter((row) => row.table === 'payment_orders' && row.committedUs > targetUs);
  const changedAfter = writtenAfter.length;
  const changedAfterRestored = writtenAfter.filter(
    (row) => restoredByKey.get(key(row))?.xmin === row.xmin,
  ).length;
  const deletedBefore = deleted.filter((row) => row.committedUs <= targetUs);
  const deletedBack = deletedBefore.filter((row) => restoredByKey.get(key(row))?.xmin === row.xmin).length;
  const deletedAfter = deleted.length - deletedBefore.length;

  // A drill whose target has nothing on one side of it proves nothing about stopping at the target.
  if (paidBefore.length === 0) failures.push('No order was paid before the target: nothing to find.');
  if (changedAfter === 0) {
    failures.push('No payment order was written after the target: nothing shows the restore stopped there.');
  }
  if (deletedBefore.length === 0) {
    failures.push('The mistaken deletion removed nothing that existed at the target: nothing to bring back.');
  }

  const newestRestoredUs = restored.reduce<number | null>(
    (newest, row) => (newest === null || row.committedUs > newest ? row.committedUs : newest),
    null,
  );
  return {
    failures,
    counts: {
      paidBefore: paidBefore.length,
      paidBeforeRestored,
      changedAfter,
      changedAfterRestored,
      deletedBefore: deletedBefore.length,
      deletedBack,
      deletedAfter,
      newestRestoredUs,
    },
  };
}

/** What a buyer's "My plans" should list after the restore: their T-shirt orders and their stay. */
export interface ExpectedPlans {
  teeOrderIds: string[];
  stayId: string | null;
}

/**
 * Per buyer, the confirmed T-shirt orders and stay that existed at T, from the source's rows and the
 * deleted ones (in this drill nothing changes an order or a booking after it is made, so a row's one
 * version says when it appeared).
 */
export function expectedPlans(
  buyerIds: readonly string[],
  rows: readonly RowVersion[],
  targetUs: number,
): Map<string, ExpectedPlans> {
  const plans = new Map<string, ExpectedPlans>(buyerIds.map((id) => [id, { teeOrderIds: [], stayId: null }]));
  for (const row of rows) {
    if (row.committedUs > targetUs || row.status !== 'confirmed' || !row.userId) continue;
    const plan = plans.get(row.userId);
    if (!plan) continue;
    if (row.table === 'merchandise_orders') plan.teeOrderIds.push(row.id);
    if (row.table === 'accommodation_bookings') plan.stayId = row.id;
  }
  for (const plan of plans.values()) plan.teeOrderIds.sort();
  return plans;
}

/** The differences between what the restored site showed each buyer and what it should have. */
export function comparePlans(
  expected: Map<string, ExpectedPlans>,
  seen: Map<string, ExpectedPlans>,
): string[] {
  const failures: string[] = [];
  for (const [buyer, want] of expected) {
    const got = seen.get(buyer);
    if (!got) {
      failures.push(`buyer ${buyer}: the site gave no plans`);
      continue;
    }
    const gotTees = [...got.teeOrderIds].sort().join(',');
    if (gotTees !== want.teeOrderIds.join(',')) {
      failures.push(
        `buyer ${buyer}: T-shirt orders [${gotTees}] shown, [${want.teeOrderIds.join(',')}] expected`,
      );
    }
    if (got.stayId !== want.stayId) {
      failures.push(`buyer ${buyer}: stay ${got.stayId ?? 'none'} shown, ${want.stayId ?? 'none'} expected`);
    }
  }
  return failures;
}
