import 'server-only';
import { and, desc, eq, or } from 'drizzle-orm';
import type {
  MyTransfers,
  OfferTransferInput,
  TransferOfferIdInput,
  TransferOfferView,
  TransferOutcome,
  TransferState,
} from '@/lib/schemas/transfers';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { transferOffers, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { transferOfferedMail } from '@/lib/server/mail/transfer-mails';
import { mailRecipient } from '@/lib/server/services/recipients';
import { assertBeforeFreeze } from './rules';
import { assertReceiverEligible, receiverByEmail } from './transfer-eligibility';
import { assertGiverNotCheckedIn, giversThing, readThing } from './transfer-things';

/*
 * Transfers (docs/own-changes.md), the offer's side: the holder of a solo registration or a stay offers it
 * to another verified account by its e-mail, may withdraw the offer, and the receiver may decline it. The
 * acceptance, which moves the thing, is in transfer-accept.ts. One open offer per thing (a partial unique
 * index): the same offer asked for again is answered as it stands, an offer to someone else is refused
 * until the first is withdrawn.
 */

export type OfferRow = typeof transferOffers.$inferSelect;
type Actor = { id: string; email: string };

export const noSuchOffer = 'This transfer offer does not exist.';

/** Why an offer that is no longer open cannot be acted on. */
export function closedOfferMessage(state: TransferState): string {
  switch (state) {
    case 'accepted':
      return 'This offer was already accepted.';
    case 'declined':
      return 'This offer was declined.';
    case 'withdrawn':
      return 'This offer was withdrawn by the person who made it.';
    case 'void':
    case 'offered':
      return 'This offer has lapsed: the place was cancelled or changed meanwhile.';
  }
}

/** One offer as its giver (`outgoing`, naming the receiver) or its receiver (naming the giver) sees it. */
export async function offerView(
  db: Db | Tx,
  offer: OfferRow,
  side: 'incoming' | 'outgoing',
): Promise<TransferOfferView> {
  const thing = await readThing(db, offer.entity, offer.entityId, false);
  const [other] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, side === 'incoming' ? offer.fromUserId : offer.toUserId));
  return {
    id: offer.id,
    kind: offer.entity,
    entityId: offer.entityId,
    state: offer.state,
    summary: thing?.summary ?? 'A place that no longer exists',
    otherName: other ? `${other.firstName} ${other.lastName}` : '',
    otherEmail: other?.email ?? '',
    createdAt: offer.createdAt.toISOString(),
    freezeAt: (thing?.freezeAt ?? offer.createdAt).toISOString(),
  };
}

/** The open offer of a thing, if any. */
async function openOfferOf(tx: Tx, kind: OfferRow['entity'], id: string): Promise<OfferRow | undefined> {
  const [open] = await tx
    .select()
    .from(transferOffers)
    .where(
      and(
        eq(transferOffers.entity, kind),
        eq(transferOffers.entityId, id),
        eq(transferOffers.state, 'offered'),
      ),
    );
  return open;
}

/** POST /api/my-plans/transfer: the holder offers their place; the receiver is mailed once. */
export async function offerTransfer(
  db: Db,
  user: Actor,
  input: OfferTransferInput,
): Promise<TransferOutcome> {
  const mail = new PendingMail();
  const outcome = await db.transaction(async (tx): Promise<TransferOutcome> => {
    const at = now();
    // Under the thing's row lock: two offers of one thing at once are made one after the other.
    const thing = await giversThing(tx, user.id, input.kind, input.id);
    assertBeforeFreeze(thing.freezeAt, at, thing.what);
    const receiver = await receiverByEmail(tx, user.id, input.email);

    const open = await openOfferOf(tx, input.kind, input.id);
    if (open) {
      if (open.toUserId === receiver.id)
        return { offer: await offerView(tx, open, 'outgoing'), already: true };
      const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, open.toUserId));
      throw new AppError(
        'conflict',
        `This place is already offered to ${to?.email ?? 'someone else'}. Withdraw that offer first.`,
      );
    }
    await assertGiverNotCheckedIn(tx, user.id, false);
    await assertReceiverEligible(tx, thing, user.email, receiver);

    const [offer] = await tx
      .insert(transferOffers)
      .values({ entity: input.kind, entityId: input.id, fromUserId: user.id, toUserId: receiver.id })
      .returning();
    await recordAudit(tx, user, {
      action: 'transfer_offer',
      entity: input.kind,
      entityId: input.id,
      after: { offerId: offer!.id, to: receiver.email },
    });
    const giver = await mailRecipient(tx, user.id);
    await mail.add(
      tx,
      transferOfferedMail(receiver, {
        giverName: giver?.fullName ?? user.email,
        summary: thing.summary,
        freezeAt: thing.freezeAt,
        isStay: input.kind === 'accommodation_booking',
      }),
    );
    return { offer: await offerView(tx, offer!, 'outgoing'), already: false };
  });
  await mail.send(db);
  return outcome;
}

/**
 * Closes an open offer on one side's word: the giver withdraws, the receiver declines. Asked again, it
 * answers the offer as it stands (already: true); an offer decided otherwise is refused with why.
 */
async function closeOffer(
  db: Db,
  user: Actor,
  offerId: string,
  side: 'giver' | 'receiver',
): Promise<TransferOutcome> {
  const target: TransferState = side === 'giver' ? 'withdrawn' : 'declined';
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(transferOffers)
      .where(eq(transferOffers.id, offerId))
      .for('update');
    const mine = offer && (side === 'giver' ? offer.fromUserId : offer.toUserId) === user.id;
    if (!offer || !mine) throw new AppError('not_found', noSuchOffer);
    const view = side === 'giver' ? 'outgoing' : 'incoming';
    if (offer.state === target) return { offer: await offerView(tx, offer, view), already: true };
    if (offer.state !== 'offered') throw new AppError('conflict', closedOfferMessage(offer.state));
    const [closed] = await tx
      .update(transferOffers)
      .set({ state: target, decidedAt: now() })
      .where(eq(transferOffers.id, offerId))
      .returning();
    await recordAudit(tx, user, {
      action: side === 'giver' ? 'transfer_withdraw' : 'transfer_decline',
      entity: offer.entity,
      entityId: offer.entityId,
      before: { offerId, state: 'offered' },
      after: { offerId, state: target },
    });
    return { offer: await offerView(tx, closed!, view), already: false };
  });
}

/** POST /api/my-plans/transfer/withdraw */
export function withdrawTransfer(db: Db, user: Actor, input: TransferOfferIdInput): Promise<TransferOutcome> {
  return closeOffer(db, user, input.offerId, 'giver');
}

/** POST /api/my-plans/transfer/decline */
export function declineTransfer(db: Db, user: Actor, input: TransferOfferIdInput): Promise<TransferOutcome> {
  return closeOffer(db, user, input.offerId, 'receiver');
}

/** GET /api/my-plans/transfers: the open offers made to the caller and by the caller, newest first. */
export async function myTransfers(db: Db, userId: string): Promise<MyTransfers> {
  const open = await db
    .select()
    .from(transferOffers)
    .where(
      and(
        eq(transferOffers.state, 'offered'),
        or(eq(transferOffers.toUserId, userId), eq(transferOffers.fromUserId, userId)),
      ),
    )
    .orderBy(desc(transferOffers.createdAt));
  const incoming: TransferOfferView[] = [];
  const outgoing: TransferOfferView[] = [];
  for (const offer of open) {
    // A place cancelled (by its holder or an organiser) since the offer is not shown: accepting it would
    // only be refused, and the acceptance then marks the offer void.
    const thing = await readThing(db, offer.entity, offer.entityId, false);
    if (!thing?.live || thing.holderUserId !== offer.fromUserId) continue;
    if (offer.toUserId === userId) incoming.push(await offerView(db, offer, 'incoming'));
    else outgoing.push(await offerView(db, offer, 'outgoing'));
  }
  return { incoming, outgoing };
}
