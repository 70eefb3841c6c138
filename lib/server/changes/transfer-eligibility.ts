import 'server-only';
import { and, eq } from 'drizzle-orm';
import { formatPrice } from '@/lib/money';
import type { Tx } from '@/lib/server/db';
import { accommodationBookings, users } from '@/lib/server/db/schema';
import { isInstituteEmail } from '@/lib/schemas/team-rules';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { checkMembers, teamPricePaise } from '@/lib/server/services/event-registration';
import type { TransferThing } from './transfer-things';
import { accountColumns } from '@/lib/server/services/recipients';

/*
 * Who may receive a transfer: a verified account other than the giver's, who could have registered for the
 * same option at the same price (the registration's own checks, shared with it), or who has no stay of their
 * own. Checked when the offer is made and again, under the locks, when it is accepted.
 */

export interface Receiver {
  id: string;
  email: string;
  fullName: string;
}

function unverified(email: string): AppError {
  return new AppError(
    'invalid_input',
    `${email} does not have a verified account yet. Ask them to sign up and verify first.`,
    { fieldErrors: { email: 'This address has no verified account yet.' } },
  );
}

/** The receiver's account by e-mail: it must exist, be verified, and not be the giver's own. */
export async function receiverByEmail(tx: Tx, giverUserId: string, email: string): Promise<Receiver> {
  const [account] = await tx
    .select(accountColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!account?.verified) throw unverified(email);
  if (account.id === giverUserId) {
    throw new AppError('invalid_input', 'You already hold this place: enter the e-mail of someone else.', {
      fieldErrors: { email: 'Enter the e-mail of someone else.' },
    });
  }
  return { id: account.id, email: account.email, fullName: `${account.firstName} ${account.lastName}` };
}

/**
 * Refuses a receiver who could not take the thing: for a registration, the registration's checks on a
 * person (institute rules, a verified account, not registered already) and the same price as the giver's
 * (a fee waived for one and not the other would let a place change hands at the wrong price); for a stay,
 * a live stay of their own. Answers whether a registration's new holder is an institute student.
 */
export async function assertReceiverEligible(
  tx: Tx,
  thing: TransferThing,
  giverEmail: string,
  receiver: Receiver,
): Promise<{ isDAStudent: boolean }> {
  const registration = thing.registration;
  if (!registration) {
    const [stay] = await tx
      .select({ id: accommodationBookings.id })
      .from(accommodationBookings)
      .where(
        and(eq(accommodationBookings.userId, receiver.id), eq(accommodationBookings.status, 'confirmed')),
      );
    if (stay) {
      throw new AppError(
        'conflict',
        `${receiver.email} already has a stay booked, so they cannot take another.`,
      );
    }
    return { isDAStudent: false };
  }
  // A solo place: the receiver alone, as a registration of one would be checked.
  const { isDAStudent } = await checkMembers(tx, {
    eventId: registration.eventId,
    eventName: registration.eventName,
    option: { participation_name: registration.optionName, min_range: 1, max_range: 1 },
    emails: [receiver.email],
    newcomers: [receiver.email],
  });
  const option = { price: registration.optionPrice };
  const domain = env().INSTITUTE_EMAIL_DOMAIN;
  const giverPrice = teamPricePaise(
    option,
    isInstituteEmail(giverEmail, domain),
    registration.instituteFeeWaived,
  );
  const receiverPrice = teamPricePaise(option, isDAStudent, registration.instituteFeeWaived);
  if (giverPrice !== receiverPrice) {
    throw new AppError(
      'conflict',
      `${receiver.email} would pay a different price for ${registration.eventName} (${formatPrice({ paise: receiverPrice })} instead of ${formatPrice({ paise: giverPrice })}), so this place cannot be transferred to them.`,
      { reason: 'different_price' },
    );
  }
  return { isDAStudent };
}
