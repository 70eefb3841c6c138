'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { hintClass } from '@/components/forms/field-classes';
import { SubmitButton } from '@/components/forms/submit-button';
import { checkoutPrefill, prefillFromProfile } from '@/components/payment/checkout-prefill';
import { PaymentOverlay } from '@/components/payment/payment-overlay';
import type { Buyer } from '@/components/payment/use-buyer';
import { usePurchase } from '@/components/payment/use-purchase';
import { useToast } from '@/components/toast/toast-provider';
import {
  WaitingListNotice,
  type ShopEntry,
  type ShopWaitingLists,
} from '@/components/waiting-lists/shop-waiting-list';
import { festival } from '@/lib/festival';
import type { Profile } from '@/lib/schemas/auth';
import { stayPrice, type AccommodationOption, type AccommodationType } from '@/lib/schemas/shop-rules';
import { confirmAccommodation, createAccommodationOrder } from './accommodation-api';
import { DateOptions } from './date-options';
import { IdentityProofUpload, useProofUpload } from './identity-proof-upload';
import { PriceBox } from './price-box';
import { stayItem, stayLabel } from './stay-dates';
import { forgetStayDraft, loadStayDraft, saveStayDraft } from './stay-draft';
import { TypeCards } from './type-cards';

const missingPrice = 'Something Went Wrong';

/**
 * The booking of SPEC.md part 4: a type (which clears the dates), a date option, the identity proof
 * (offered once dates are chosen), the price, and 'Book Now' (enabled with dates and a proof) to checkout.
 * A full date option has its waiting list; a waiting list's offer opens with its stay chosen and goes
 * with the order (docs/waiting-lists.md). The choices and the uploaded proof are kept for this tab
 * (stay-draft.ts) until the booking goes through, so a failed payment does not make the student start over.
 */
export function BookingPanel({
  types,
  profile,
  buyer,
  onRefused,
  lists,
  offered,
}: {
  types: readonly AccommodationType[];
  profile: Profile | null;
  buyer: Buyer;
  onRefused: () => void;
  lists: ShopWaitingLists;
  /** The caller's standing offer for one of the listed stays, and that stay's type. */
  offered: { entry: ShopEntry; typeId: number } | null;
}) {
  const { toast } = useToast();
  const heldId = offered?.entry.itemId ?? null;
  // Read once: this panel only renders in the browser, after the types have loaded.
  const [draft] = useState(() => loadStayDraft(buyer.userId));
  // An offer link's stay comes first; otherwise the stay chosen on the last try, if any.
  const [typeId, setTypeId] = useState<number | null>(offered ? offered.typeId : draft.typeId);
  const [optionId, setOptionId] = useState<number | null>(offered ? heldId : draft.optionId);
  const { proof, uploading, upload } = useProofUpload(draft.proof);
  const { purchase, inProgress } = usePurchase();
  const restored = !offered && (draft.optionId !== null || draft.proof !== null);

  useEffect(() => {
    saveStayDraft(buyer.userId, { typeId, optionId, proof });
  }, [buyer.userId, typeId, optionId, proof]);

  const type = types.find((t) => t.id === typeId) ?? null;
  // The offered stay is full for everyone else, its place held for this buyer.
  const options = (type?.accommodations ?? []).map((o): AccommodationOption =>
    o.id === heldId ? { ...o, isAvailable: true } : o,
  );
  // Derived, so an option that sold out in the meantime is simply no longer chosen.
  const option = options.find((o) => o.id === optionId && o.isAvailable) ?? null;
  const canBook = option !== null && proof !== null && !uploading;

  function chooseType(next: AccommodationType) {
    setTypeId(next.id);
    setOptionId(null);
    if (next.accomodationPrice === null) toast({ title: missingPrice, variant: 'error' });
  }

  function book(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!type || !option || !proof || !canBook || inProgress) return;
    const price = type.accomodationPrice;
    if (price === null) {
      toast({ title: missingPrice, variant: 'error' });
      return;
    }
    const stay = { accommodationId: option.id, identityProofUrl: proof.url };
    // The offer goes with the order only for the stay it holds (the server refuses it for another).
    const offerId = offered && option.id === heldId ? offered.entry.id : undefined;
    void purchase({
      title: `${festival.name} Accommodation Booking`,
      description: `${type.accommodationType}, ${stayLabel(option)}`,
      summary: {
        kind: 'accommodation',
        userId: buyer.userId,
        items: [stayItem(type.accommodationType, option)],
        retryPath: '/accomodation',
      },
      createOrder: () => createAccommodationOrder(stayPrice(price, option.Days), stay, offerId),
      prefill: () => (profile ? prefillFromProfile(profile) : checkoutPrefill(buyer.userId, buyer.email)),
      holdsStock: true,
      confirm: async (payData) => {
        const answer = await confirmAccommodation(buyer.userId, stay, payData);
        // Booked: nothing to fill in again. A failed confirmation keeps the draft for another try.
        forgetStayDraft(buyer.userId);
        return answer;
      },
      priceChanged: {
        title: 'The price has changed',
        fallback: 'Please check the new price and try again.',
        reload: onRefused,
      },
      // A stay that sold out meanwhile is told as any other refusal; the reload shows it unavailable.
      orderFailed: {
        title: 'The booking could not start',
        fallback: 'Something went wrong',
        reload: onRefused,
      },
    });
  }

  return (
    <form noValidate onSubmit={book} className="flex flex-col gap-8">
      {restored ? (
        <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3">
          Your choices from your last try are filled in below, with the identity proof you uploaded.
        </p>
      ) : null}
      <TypeCards types={types} selectedId={typeId} onChoose={chooseType} />
      {type ? (
        <DateOptions
          options={options}
          selectedId={option?.id ?? null}
          heldId={heldId}
          onChoose={(next) => setOptionId(next.id)}
          entryFor={lists.entryFor}
          joining={lists.joining}
          justJoined={lists.justJoined}
          onJoin={(full) =>
            void lists.join(full.id, `${type.accommodationType}, ${stayLabel(full)}`, onRefused)
          }
        />
      ) : null}
      <WaitingListNotice notice={lists.notice} className="empty:-mt-8" />
      {option ? <IdentityProofUpload proof={proof} uploading={uploading} onUpload={upload} /> : null}
      <div className="flex flex-col gap-3">
        <PriceBox pricePerNight={type?.accomodationPrice} days={option?.Days ?? null} />
        {/* Kept in place (only hidden) once booking is possible, so the button does not move. */}
        <p className={`${hintClass} ${canBook ? 'invisible' : ''}`} aria-hidden={canBook || undefined}>
          Choose your dates and upload your identity proof to book.
        </p>
        <SubmitButton disabled={!canBook} pending={inProgress}>
          Book Now
        </SubmitButton>
      </div>
      <PaymentOverlay show={inProgress} />
    </form>
  );
}
