import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { AcceptTransferInput, TransferOutcome } from '@/lib/schemas/transfers';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import {
  accommodationBookings,
  participantChanges,
  registrationMembers,
  registrations,
  transferOffers,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { transferGivenMail, transferReceivedMail } from '@/lib/server/mail/transfer-mails';
import { ensurePasses, passMailPart } from '@/lib/server/passes/passes';
import { ownedUpload } from '@/lib/server/uploads/uploads';
import { lockPaymentOrderFirst } from './cancel';
import { assertBeforeFreeze } from './rules';
import { closedOfferMessage, noSuchOffer, offerView } from './transfer';
import { assertReceiverEligible, type Receiver } from './transfer-eligibility';
import { assertGiverNotCheckedIn, readThing, teamRefusal, type TransferThing } from './transfer-things';
import { accountColumns } from '@/lib/server/services/recipients';

/*
 * The receiver accepts a transfer (docs/own-changes.md). One transaction, with its locks in the order a
 * cancellation and an organiser's refund take them (the payment order, then the thing), then the offer,
 * then the giver's festival pass, the lock the gate's check-in takes. Under them everything is checked
 * again: the offer still open, the thing still standing and still the giver's, the freeze, the giver not
 * yet checked in at the gate, the receiver still eligible. Then the thing moves: a registration's leader
 * and its one live member row, or a stay's guest and identity proof, become the receiver's.
 *
 * Passes and timetables are derived from live membership and bookings when they are read
 * (lib/server/passes/passes.ts, lib/server/services/live-members.ts), so from the commit the giver's pass
 * and calendar no longer show the thing and the receiver's do; nothing of it is cached on the server.
 * No unit is taken or freed (the same place changes hands), so the inventory has nothing to signal.
 *
 * A second acceptance at the same moment waits on the locks, then finds the offer accepted and answers
 * it as it stands.
 */

const proofNeeded = 'Please upload your identity proof to accept this stay.';
const proofNotYours = 'Please upload your identity proof again: this file is not yours or does not exist.';
const lapsed = 'This offer has lapsed: the place was cancelled or changed hands meanwhile.';

type Actor = { id: string; email: string };

/** An account (the giver's or the receiver's) as the eligibility checks and the mails need it. */
async function accountOf(tx: Tx, userId: string): Promise<Receiver & { verified: boolean }> {
  const [row] = await tx.select(accountColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', noSuchOffer);
  return { ...row, fullName: `${row.firstName} ${row.lastName}` };
}

/** Moves the thing to the receiver; the database's one-live-per-person rules refuse a duplicate. */
async function moveThing(
  tx: Tx,
  thing: TransferThing,
  receiverId: string,
  extra: { isDAStudent: boolean; identityUploadId: string | null },
): Promise<void> {
  try {
    await tx.transaction(async (inner) => {
      if (thing.kind === 'registration') {
        await inner
          .update(registrations)
          .set({ leaderUserId: receiverId, isDaStudent: extra.isDAStudent })
          .where(eq(registrations.id, thing.id));
        await inner
          .update(registrationMembers)
          .set({ userId: receiverId })
          .where(
            and(eq(registrationMembers.registrationId, thing.id), isNull(registrationMembers.cancelledAt)),
          );
      } else {
        await inner
          .update(accommodationBookings)
          .set({ userId: receiverId, identityUploadId: extra.identityUploadId! })
          .where(eq(accommodationBookings.id, thing.id));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'conflict',
        thing.kind === 'registration'
          ? 'You are already registered for this event.'
          : 'You already have a stay booked.',
      );
    }
    throw error;
  }
  // The receiver is a participant or a guest from now on, so they hold a festival pass.
  await ensurePasses(tx, [receiverId]);
}

/** POST /api/my-plans/transfer/accept */
export async function acceptTransfer(
  db: Db,
  user: Actor,
  input: AcceptTransferInput,
): Promise<TransferOutcome> {
  const mail = new PendingMail();
  // A refusal that lapses the offer is answered after the commit, so the offer's new state is kept.
  const result = await db.transaction(
    async (tx): Promise<{ outcome: TransferOutcome } | { refusal: AppError }> => {
      const at = now();
      const [peek] = await tx.select().from(transferOffers).where(eq(transferOffers.id, input.offerId));
      if (!peek || peek.toUserId !== user.id) throw new AppError('not_found', noSuchOffer);
      await lockPaymentOrderFirst(tx, peek.entity, peek.entityId);
      const thing = await readThing(tx, peek.entity, peek.entityId, true);
      const [offer] = await tx
        .select()
        .from(transferOffers)
        .where(eq(transferOffers.id, input.offerId))
        .for('update');
      if (offer!.state === 'accepted') {
        return { outcome: { offer: await offerView(tx, offer!, 'incoming'), already: true } };
      }
      if (offer!.state !== 'offered') throw new AppError('conflict', closedOfferMessage(offer!.state));

      const lapse = async (refusal: AppError) => {
        await tx
          .update(transferOffers)
          .set({ state: 'void', decidedAt: at })
          .where(eq(transferOffers.id, offer!.id));
        return { refusal };
      };
      if (!thing || !thing.live || thing.holderUserId !== offer!.fromUserId) {
        return lapse(new AppError('conflict', lapsed));
      }
      assertBeforeFreeze(thing.freezeAt, at, thing.what);
      // The organisers may have made the option a team's since the offer.
      if (thing.registration?.isTeamOption) throw new AppError('conflict', teamRefusal);
      try {
        await assertGiverNotCheckedIn(tx, offer!.fromUserId, true);
      } catch (error) {
        if (error instanceof AppError) return lapse(error);
        throw error;
      }

      const giver = await accountOf(tx, offer!.fromUserId);
      const receiver = await accountOf(tx, user.id);
      if (!receiver.verified) {
        throw new AppError('forbidden', 'Please verify your account before accepting a place.');
      }
      const { isDAStudent } = await assertReceiverEligible(tx, thing, giver.email, receiver);
      let identityUploadId: string | null = null;
      if (thing.kind === 'accommodation_booking') {
        if (!input.identityUploadId) throw new AppError('invalid_input', proofNeeded);
        const proof = await ownedUpload(tx, user.id, input.identityUploadId);
        if (!proof) throw new AppError('invalid_input', proofNotYours);
        identityUploadId = proof.id;
      }

      await moveThing(tx, thing, user.id, { isDAStudent, identityUploadId });
      const [accepted] = await tx
        .update(transferOffers)
        .set({ state: 'accepted', decidedAt: at })
        .where(eq(transferOffers.id, offer!.id))
        .returning();
      await tx.insert(participantChanges).values({
        userId: giver.id,
        action: 'transfer',
        entity: thing.kind,
        entityId: thing.id,
        paymentOrderId: thing.paymentOrderId,
        summary: `${thing.summary}: from ${giver.email} to ${receiver.email}`,
      });
      await recordAudit(tx, user, {
        action: 'transfer',
        entity: thing.kind,
        entityId: thing.id,
        before: { holder: giver.email },
        after: { holder: receiver.email, offerId: offer!.id },
      });
      await mail.add(
        tx,
        transferReceivedMail(
          receiver,
          { giverName: giver.fullName, summary: thing.summary },
          await passMailPart(tx, user.id),
        ),
      );
      await mail.add(
        tx,
        transferGivenMail(giver, { receiverName: receiver.fullName, summary: thing.summary }),
      );
      return { outcome: { offer: await offerView(tx, accepted!, 'incoming'), already: false } };
    },
  );
  if ('refusal' in result) throw result.refusal;
  await mail.send(db);
  return result.outcome;
}
