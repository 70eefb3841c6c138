import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { festival } from '@/lib/festival';
import { stayEndDate } from '@/lib/schemas/shop-rules';
import type {
  CheckInResult,
  MyPass,
  PassAccommodation,
  PassEvent,
  PassHolderDetails,
  PassStatus,
} from '@/lib/schemas/passes';
import { recordAudit } from '@/lib/server/admin/audit';
import { qrPng } from './qr-png';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  checkIns,
  eventCategories,
  events,
  festivalPasses,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import type { PassMailPart } from '@/lib/server/mail/pass-mail';
import { derivedSecret } from '@/lib/server/secrets';
import { passCode, passQrPayload, verifyPassCode } from './pass-code';
import { liveMember } from '@/lib/server/services/live-members';

/*
 * Festival passes: one per person, created when they become a participant or a guest. Whether a pass
 * lets its holder in is derived, never stored: it is valid while the holder has a live registration or
 * booking and nobody revoked it. So a refund that cancels the last registration cancels the pass too,
 * without the refund code knowing passes exist.
 */

/** The pass MAC key: derived from the application secret under its own label, never the JWT key itself. */
function passKey(): string {
  return derivedSecret('festival-pass-v1');
}

export const invalidPassMessage = 'This pass is not valid.';

/** The pass id a scanned or typed code stands for, once its signature is checked; null when it is not genuine. */
export function verifiedPassId(code: string): string | null {
  return verifyPassCode(code, passKey());
}

/** Gives each of these people a pass unless they have one already. Runs in the caller's transaction. */
export async function ensurePasses(tx: Db | Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(festivalPasses)
    .values([...new Set(userIds)].map((userId) => ({ userId })))
    .onConflictDoNothing({ target: festivalPasses.userId });
}

/** The calendar day in India a moment falls on (the festival's day boundary is midnight IST). */
export function festivalDayOf(moment: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: festival.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

async function liveEvents(db: Db | Tx, userId: string): Promise<PassEvent[]> {
  return db
    .select({ eventName: events.name, categoryName: eventCategories.name, teamName: registrations.teamName })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(events, eq(events.id, registrationMembers.eventId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(eq(registrationMembers.userId, userId), liveMember()))
    .orderBy(asc(events.startsAt), asc(events.name));
}

async function liveStay(db: Db | Tx, userId: string): Promise<PassAccommodation | null> {
  const [row] = await db
    .select({
      type: accommodationTypes.accommodationType,
      startDate: accommodationOptions.startDate,
      nights: accommodationOptions.days,
    })
    .from(accommodationBookings)
    .innerJoin(accommodationOptions, eq(accommodationOptions.id, accommodationBookings.optionId))
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .where(and(eq(accommodationBookings.userId, userId), eq(accommodationBookings.status, 'confirmed')))
    .limit(1);
  return row ? { ...row, endDate: stayEndDate(row.startDate, row.nights) } : null;
}

interface Holder extends PassHolderDetails {
  userId: string;
  email: string;
}

async function holderDetails(db: Db | Tx, userId: string): Promise<Holder | null> {
  const [user] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      college: users.college,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return {
    userId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    college: user.college,
    events: await liveEvents(db, userId),
    accommodation: await liveStay(db, userId),
  };
}

function statusOf(revokedAt: Date | null, holder: PassHolderDetails): PassStatus {
  if (revokedAt) return 'revoked';
  return holder.events.length > 0 || holder.accommodation !== null ? 'valid' : 'cancelled';
}

async function passOfUser(db: Db | Tx, userId: string) {
  const [pass] = await db
    .select({ id: festivalPasses.id, revokedAt: festivalPasses.revokedAt })
    .from(festivalPasses)
    .where(eq(festivalPasses.userId, userId));
  return pass ?? null;
}

/** The QR code as an SVG document (black on white: scanners need the contrast, whatever the page theme). */
export async function passQrSvg(passId: string): Promise<string> {
  return QRCode.toString(passQrPayload(passId, passKey()), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** How wide the mail's QR image is, about: large enough for a phone to scan off another phone's screen. */
const mailQrPixels = 480;

/**
 * The mail images of the passes drawn lately, by payload. A person has one pass for the whole festival and
 * each confirmation mails it again (a T-shirt, then a stay, then each event); drawing it costs about 0.35 ms,
 * most of it the library trying all eight masks. A payload always draws the same image, and the oldest is
 * let go first.
 */
const recentMailQrs = new Map<string, Buffer>();
const recentMailQrsKept = 500;

/** The QR code as a PNG for mails (qr-png.ts: one bit per pixel, a fraction of the library's cost). */
export async function passQrPng(passId: string): Promise<Buffer> {
  const payload = passQrPayload(passId, passKey());
  const kept = recentMailQrs.get(payload);
  if (kept) return kept;
  const margin = 2;
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const scale = Math.max(4, Math.floor(mailQrPixels / (modules.size + 2 * margin)));
  const png = qrPng(modules, { scale, margin });
  if (recentMailQrs.size >= recentMailQrsKept) recentMailQrs.delete(recentMailQrs.keys().next().value!);
  recentMailQrs.set(payload, png);
  return png;
}

/** The typed code of a pass (also what tests and the e2e journey read). */
export function codeOfPass(passId: string): string {
  return passCode(passId, passKey());
}

/** The signed-in person's pass; people with a registration or booking from before passes existed get one now. */
export async function getMyPass(db: Db, userId: string): Promise<MyPass> {
  const holder = await holderDetails(db, userId);
  if (!holder) throw new AppError('not_found', 'This account no longer exists.');
  let pass = await passOfUser(db, userId);
  if (!pass && (holder.events.length > 0 || holder.accommodation)) {
    await ensurePasses(db, [userId]);
    pass = await passOfUser(db, userId);
  }
  if (!pass) {
    throw new AppError(
      'not_found',
      'You do not have a festival pass yet. Register for an event or book accommodation to get one.',
    );
  }
  return {
    code: codeOfPass(pass.id),
    qrSvg: await passQrSvg(pass.id),
    status: statusOf(pass.revokedAt, holder),
    name: holder.name,
    college: holder.college,
    events: holder.events,
    accommodation: holder.accommodation,
  };
}

/** The pass a confirmation mail attaches, or null when the person has none (never for a confirmed purchase). */
export async function passMailPart(db: Db, userId: string): Promise<PassMailPart | null> {
  const pass = await passOfUser(db, userId);
  if (!pass) return null;
  return { code: codeOfPass(pass.id), qrPng: await passQrPng(pass.id) };
}

/** The passes of several people at once, keyed by e-mail (a registration mails each member). */
export async function passMailPartsByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, PassMailPart>> {
  const parts = new Map<string, PassMailPart>();
  if (emails.length === 0) return parts;
  const rows = await db
    .select({ email: users.email, passId: festivalPasses.id })
    .from(festivalPasses)
    .innerJoin(users, eq(users.id, festivalPasses.userId))
    .where(inArray(users.email, [...emails]));
  for (const row of rows) {
    parts.set(row.email, { code: codeOfPass(row.passId), qrPng: await passQrPng(row.passId) });
  }
  return parts;
}

export function timeInIndia(moment: Date): string {
  return moment.toLocaleTimeString('en-IN', {
    timeZone: festival.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Checks a pass in at the gate. The code's signature is checked before the database is asked anything;
 * then the pass must exist, not be revoked and still cover something live. One check-in per pass per
 * festival day: the unique index decides between two organisers scanning the same pass at once, and the
 * one who loses is told when and by whom it was used.
 */
export async function checkInPass(
  db: Db,
  actor: { id: string; email: string },
  code: string,
): Promise<{ message: string; result: CheckInResult }> {
  const passId = verifyPassCode(code, passKey());
  if (!passId) throw new AppError('invalid_input', invalidPassMessage, { reason: 'invalid' });
  // Decided under the pass's row lock: a transfer of the holder's place (lib/server/changes/transfer-accept.ts)
  // takes the same lock, so the check-in either sees the place still theirs (and the transfer, waiting, then
  // sees the check-in and is refused) or sees it moved (and a pass with nothing left is refused here).
  return db.transaction(async (tx) => {
    const [pass] = await tx
      .select({ id: festivalPasses.id, userId: festivalPasses.userId, revokedAt: festivalPasses.revokedAt })
      .from(festivalPasses)
      .where(eq(festivalPasses.id, passId))
      .for('update');
    // Correctly signed but gone: the account (and its pass) was deleted.
    if (!pass) throw new AppError('gone', 'This pass no longer exists.', { reason: 'revoked' });
    const holder = await holderDetails(tx, pass.userId);
    if (!holder) throw new AppError('gone', 'This pass no longer exists.', { reason: 'revoked' });
    const status = statusOf(pass.revokedAt, holder);
    if (status === 'revoked') {
      throw new AppError(
        'gone',
        `This pass was revoked. Do not let ${holder.name} in; send them to the help desk.`,
        {
          reason: 'revoked',
        },
      );
    }
    if (status === 'cancelled') {
      throw new AppError(
        'conflict',
        `This pass is cancelled: ${holder.name} has no registration or booking left.`,
        { reason: 'cancelled' },
      );
    }

    const at = now();
    const festivalDay = festivalDayOf(at);
    const details = {
      name: holder.name,
      college: holder.college,
      email: holder.email,
      events: holder.events,
      accommodation: holder.accommodation,
      festivalDay,
    };
    const [inserted] = await tx
      .insert(checkIns)
      .values({ passId, festivalDay, checkedInAt: at, checkedInByUserId: actor.id })
      .onConflictDoNothing()
      .returning({ id: checkIns.id, checkedInAt: checkIns.checkedInAt });
    if (inserted) {
      await recordAudit(tx, actor, {
        action: 'check_in',
        entity: 'festival_pass',
        entityId: passId,
        after: {
          checkInId: inserted.id,
          holder: holder.email,
          festivalDay,
          checkedInAt: inserted.checkedInAt,
        },
      });
      const [by] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, actor.id));
      return {
        message: `${holder.name} is checked in.`,
        result: {
          ...details,
          status: 'checked_in' as const,
          checkedInAt: inserted.checkedInAt.toISOString(),
          checkedInBy: { name: by ? `${by.firstName} ${by.lastName}` : actor.email, email: actor.email },
        },
      };
    }
    const [earlier] = await tx
      .select({
        checkedInAt: checkIns.checkedInAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(checkIns)
      .leftJoin(users, eq(checkIns.checkedInByUserId, users.id))
      .where(and(eq(checkIns.passId, passId), eq(checkIns.festivalDay, festivalDay)));
    if (!earlier) throw new Error('check-in conflict without a check-in row');
    const by =
      earlier.email !== null
        ? { name: `${earlier.firstName} ${earlier.lastName}`, email: earlier.email }
        : null;
    return {
      message: `This pass was already used today at ${timeInIndia(earlier.checkedInAt)}${by ? ` by ${by.name} (${by.email})` : ''}.`,
      result: {
        ...details,
        status: 'already_checked_in' as const,
        checkedInAt: earlier.checkedInAt.toISOString(),
        checkedInBy: by,
      },
    };
  });
}

/**
 * Withdraws a pass by hand (lost, or handed on to someone else) or gives it back. The gate then refuses a
 * revoked pass with its own message. Audited; setting the state it already has changes nothing.
 */
export async function setPassRevoked(
  db: Db,
  actor: { id: string; email: string },
  code: string,
  revoked: boolean,
): Promise<{ message: string; holder: string; revoked: boolean }> {
  const passId = verifyPassCode(code, passKey());
  if (!passId) throw new AppError('invalid_input', invalidPassMessage, { reason: 'invalid' });
  return db.transaction(async (tx) => {
    const [pass] = await tx
      .select({ id: festivalPasses.id, revokedAt: festivalPasses.revokedAt, email: users.email })
      .from(festivalPasses)
      .innerJoin(users, eq(users.id, festivalPasses.userId))
      .where(eq(festivalPasses.id, passId))
      .for('update', { of: festivalPasses });
    if (!pass) throw new AppError('gone', 'This pass no longer exists.', { reason: 'revoked' });
    const wasRevoked = pass.revokedAt !== null;
    if (wasRevoked !== revoked) {
      const revokedAt = revoked ? now() : null;
      await tx.update(festivalPasses).set({ revokedAt }).where(eq(festivalPasses.id, passId));
      await recordAudit(tx, actor, {
        action: revoked ? 'revoke' : 'restore',
        entity: 'festival_pass',
        entityId: passId,
        before: { holder: pass.email, revokedAt: pass.revokedAt },
        after: { holder: pass.email, revokedAt },
      });
    }
    const message = revoked
      ? `The pass of ${pass.email} is revoked: the gate will refuse it.`
      : `The pass of ${pass.email} is valid again.`;
    return { message, holder: pass.email, revoked };
  });
}
