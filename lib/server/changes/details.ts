import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type {
  DetailField,
  DetailsOutcome,
  MyDetails,
  MyDetailsInput,
  ReplacedCertificates,
} from '@/lib/schemas/own-details';
import { recordAudit } from '@/lib/server/admin/audit';
import { newestCode } from '@/lib/server/auth/one-time-codes';
import {
  outdatedCertificates,
  replaceCertificatesAfterNameChange,
} from '@/lib/server/certificates/revoke-replace';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { participantChanges, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

/*
 * A participant corrects their own name, phone or college from the profile. One transaction under the
 * account's row lock: the fields that differ are written, with one audit entry (before → after, only what
 * changed) and one participant_changes row (action 'details'). A repeat of the same correction (a double
 * tap) finds nothing different and writes nothing.
 *
 * No freeze applies: details are not an item with a place, and a name printed on a certificate is put
 * right by replacing the certificate (replaceMyCertificates), which the answer offers.
 *
 * The college is free text at sign-up and no rule reads it: the institute's rules (a free entry, an
 * institute-only team) follow the e-mail address's domain, so a college correction cannot break a
 * registration. An e-mail change can, and is checked for it (email-change.ts).
 */

/** The account's row, the one lock every change of the person's own details takes first. */
export async function lockAccount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
      college: users.college,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('not_found', 'This account no longer exists.');
  return row;
}

/** GET /api/my-details */
export async function myDetails(db: Db | Tx, userId: string): Promise<MyDetails> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
      college: users.college,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'This account no longer exists.');
  const code = await newestCode(db, userId, 'email');
  const live = code && !code.consumedAt && code.expiresAt > now() ? code.newEmail : null;
  return {
    ...row,
    pendingEmail: live,
    certificatesToReplace: (await outdatedCertificates(db, userId)).length,
  };
}

const fieldColumns = {
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phoneNumber',
  college: 'college',
} as const satisfies Record<DetailField, keyof typeof users.$inferInsert>;

const fieldLabels: Record<DetailField, string> = {
  firstName: 'first name',
  lastName: 'last name',
  phone: 'phone number',
  college: 'college',
};

/** PATCH /api/my-details */
export async function updateMyDetails(
  db: Db,
  user: { id: string; email: string },
  input: MyDetailsInput,
): Promise<DetailsOutcome> {
  return db.transaction(async (tx): Promise<DetailsOutcome> => {
    const account = await lockAccount(tx, user.id);
    const before: Partial<Record<DetailField, string>> = {};
    const after: Partial<Record<DetailField, string>> = {};
    const set: Partial<typeof users.$inferInsert> = {};
    for (const field of Object.keys(fieldColumns) as DetailField[]) {
      const wanted = input[field];
      if (wanted === undefined || wanted === account[field]) continue;
      before[field] = account[field];
      after[field] = wanted;
      set[fieldColumns[field]] = wanted;
    }
    const changed = Object.keys(after) as DetailField[];
    if (changed.length > 0) {
      await tx
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await tx.insert(participantChanges).values({
        userId: user.id,
        action: 'details',
        entity: 'account',
        entityId: user.id,
        summary: `Corrected ${changed.map((f) => fieldLabels[f]).join(', ')}`,
      });
      await recordAudit(tx, user, {
        action: 'details',
        entity: 'user',
        entityId: user.id,
        before,
        after: { ...after, by: 'participant' },
      });
    }
    const details = await myDetails(tx, user.id);
    return { changed, details, certificatesToReplace: details.certificatesToReplace };
  });
}

/**
 * POST /api/my-details/replace-certificates: the caller's certificates printed under an old name or
 * college are replaced by ones with the current details. Under the account's lock, so a double tap's
 * second request finds them replaced and replaces nothing; each replacement is audited as the console's is.
 */
export async function replaceMyCertificates(
  db: Db,
  user: { id: string; email: string },
): Promise<ReplacedCertificates> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const replaced = await replaceCertificatesAfterNameChange(tx, user.id);
    for (const { oldId, newId } of replaced) {
      await recordAudit(tx, user, {
        action: 'certificates.replace',
        entity: 'certificate',
        entityId: oldId,
        after: { replacedBy: newId, by: 'participant' },
      });
    }
    return { replaced };
  });
}
