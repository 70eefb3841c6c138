'use client';

import { InlineLoader } from '@/components/forms/inline-loader';
import { useBuyer, type Buyer } from '@/components/payment/use-buyer';
import { PageLoader } from '@/components/ui/page-loader';
import {
  OfferBanner,
  useShopWaitingLists,
  type ShopEntry,
} from '@/components/waiting-lists/shop-waiting-list';
import type { AccommodationType } from '@/lib/schemas/shop-rules';
import { AccommodationGuidelines, FestivalInstructions } from './accommodation-guidelines';
import { AccommodationHero } from './accommodation-hero';
import { BookingPanel } from './booking-panel';
import { stayLabel } from './stay-dates';
import { useAccommodationData, type AccommodationData } from './use-accommodation-data';

const pageClass =
  'min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24';
const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';

export const alreadyBookedMessage =
  'You have already paid for accomodation the confirmation has been sent to your registered email address.';

/**
 * The accommodation screen of SPEC.md parts 2 and 4 (/accomodation): hero, guidelines, the booking and
 * general instructions; once a stay is paid, only the confirmation message. Full date options have their
 * waiting lists, and an offer link (`?offer={entryId}`) opens it with the offered stay chosen
 * (docs/waiting-lists.md).
 */
export function AccommodationScreen({
  fromServer,
  offerId,
}: {
  fromServer: AccommodationData;
  /** The link's `?offer=`, '' for none. */
  offerId: string;
}) {
  const buyer = useBuyer('Something went wrong!');
  if (!buyer) return <PageLoader />;
  return <AccommodationPage buyer={buyer} offerId={offerId} fromServer={fromServer} />;
}

/** The link's standing offer, with its type, when it is for a date option this screen lists. */
function offeredStay(offer: ShopEntry | null, types: readonly AccommodationType[]) {
  for (const type of types) {
    const option = type.accommodations.find((o) => o.id === offer?.itemId);
    if (offer && option) return { entry: offer, type, option };
  }
  return null;
}

function AccommodationPage({
  buyer,
  offerId,
  fromServer,
}: {
  buyer: Buyer;
  offerId: string;
  fromServer: AccommodationData;
}) {
  const { profile, types, retryTypes, refresh } = useAccommodationData(buyer.userId, fromServer);
  const lists = useShopWaitingLists('accommodation_option', offerId);

  // An offer link waits for the caller's lists too, so the booking opens with the offered stay chosen.
  if (profile.status === 'loading' || lists.offer.status === 'checking') {
    return (
      <main className={`${pageClass} flex items-center justify-center`}>
        <InlineLoader label="Loading accommodation" />
      </main>
    );
  }
  if (profile.status === 'ready' && profile.value.accomodationTaken) {
    return (
      <main className={`${pageClass} flex items-center justify-center`}>
        <h1 className="sr-only">Accommodation</h1>
        <p className="max-w-xl rounded-2xl border border-emerald-400/50 bg-emerald-950/40 p-6 text-center text-lg">
          {alreadyBookedMessage}
        </p>
      </main>
    );
  }

  const offered = offeredStay(
    lists.offer.status === 'valid' ? lists.offer.entry : null,
    types.status === 'ready' ? types.value : [],
  );
  const offerElsewhere = lists.offer.status === 'valid' && !offered && types.status === 'ready';
  return (
    <main className={pageClass}>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8">
        <AccommodationHero />
        <OfferBanner
          offer={offerElsewhere ? { status: 'invalid' } : lists.offer}
          held={() =>
            offered ? (
              <>
                {offered.type.accommodationType}, {stayLabel(offered.option)}, is chosen below. Upload your
                identity proof and pay before then to take it; after that it passes to the next person in
                line.
              </>
            ) : null
          }
          invalid="Stays with places left can still be booked below."
        />
        <AccommodationGuidelines />
        <section aria-labelledby="book-your-stay" className={cardClass}>
          <h2 id="book-your-stay" className="mb-6 font-display text-2xl text-gold">
            Book your stay
          </h2>
          {types.status === 'loading' ? <InlineLoader label="Loading accommodation options" /> : null}
          {types.status === 'failed' ? (
            <div className="flex flex-col items-center gap-4 text-center">
              <p>We couldn&apos;t load the accommodation options just now.</p>
              <button
                type="button"
                onClick={retryTypes}
                className="inline-flex min-h-11 items-center rounded-full border border-gold/50 px-5 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10"
              >
                Try again
              </button>
            </div>
          ) : null}
          {types.status === 'ready' ? (
            <BookingPanel
              // A new offer (or none any more) starts the booking afresh, with the offered stay chosen.
              key={offered?.entry.id ?? 'no-offer'}
              types={types.value}
              profile={profile.status === 'ready' ? profile.value : null}
              buyer={buyer}
              onRefused={() => {
                refresh();
                void lists.reload();
              }}
              lists={lists}
              offered={offered ? { entry: offered.entry, typeId: offered.type.id } : null}
            />
          ) : null}
        </section>
        <FestivalInstructions />
      </div>
    </main>
  );
}
