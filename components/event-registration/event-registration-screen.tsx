'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSignedInUser } from '@/components/auth/use-signed-in-user';
import { PaymentOverlay } from '@/components/payment/payment-overlay';
import { usePurchase } from '@/components/payment/use-purchase';
import { useToast } from '@/components/toast/toast-provider';
import { BackButton } from '@/components/ui/back-button';
import { PageLoader } from '@/components/ui/page-loader';
import { joinWaitingList } from '@/components/waiting-lists/waiting-list-api';
import { ApiError, messageOf } from '@/lib/api-client';
import type { FestivalEvent, ParticipationOption } from '@/lib/content-types';
import { isFull } from '@/lib/places';
import type { VerificationResult } from '@/lib/schemas/event-registration';
import { entryWords } from './entry-words';
import { eventFeePlan } from './event-fee-plan';
import { EventOverview } from './event-overview';
import { memberErrorsOf, type MemberError } from './member-errors';
import { OverlapNotice } from './overlap-notice';
import { registerForEvent, verifyTeam } from './registration-api';
import { TeamConfirmation } from './team-confirmation';
import { draftFromOffer, initialDraft, type TeamDraft, type TeamSubmission } from './team-draft';
import { TeamForm } from './team-form';
import { useOverlapWarnings } from './use-overlap-warnings';
import { useWaitingStanding, type WaitingStanding } from './use-waiting-standing';
import { FullOptionNotice, OfferNotice, WaitingListJoined } from './waiting-list-notices';

interface Verified {
  submission: TeamSubmission;
  result: VerificationResult;
}

interface Joined {
  option: ParticipationOption;
  position: number | null;
}

/**
 * The event registration screen of SPEC.md parts 2 and 4: the event's details beside a two-step flow,
 * the team form then the confirmation, ending at '/', '/event', '/success' or '/failure'. A full option
 * goes through the same steps to its waiting list (docs/waiting-lists.md); an offer link
 * (`?offer=`) starts with the offered option and team, and registering takes the place held for them.
 */
export function EventRegistrationScreen({
  event,
  position,
  instituteDomain,
  offerId = null,
  initialOptionId = null,
}: {
  event: FestivalEvent;
  /** The category's 1-based position: where 'back' leads when there is no history. */
  position: number;
  instituteDomain: string;
  /** The waiting list offer an offer link names (checked here as the caller's, and by the server). */
  offerId?: string | null;
  /** The option to start with (the offer's, or a card's "Join the waiting list"). */
  initialOptionId?: number | null;
}) {
  // Without a user id nobody can register: signed out and sent to the home page (SPEC.md part 4).
  const user = useSignedInUser();
  const userId = user?.userId;
  if (!user || !userId) return <PageLoader />;
  return (
    <StandingLoader
      event={event}
      position={position}
      instituteDomain={instituteDomain}
      userId={userId}
      leaderEmail={user.email}
      offerId={offerId}
      initialOptionId={initialOptionId}
    />
  );
}

/** Reads where the visitor stands on this event's waiting lists; an offer link waits for it (its team). */
function StandingLoader(props: Omit<FlowProps, 'standing'> & { offerId: string | null }) {
  const { offerId, ...rest } = props;
  const standing = useWaitingStanding(
    props.event.participations.map((o) => o.id),
    offerId,
  );
  if (offerId && !standing.loaded) return <PageLoader />;
  return <RegistrationFlow {...rest} standing={standing} />;
}

interface FlowProps {
  event: FestivalEvent;
  position: number;
  instituteDomain: string;
  userId: string;
  leaderEmail: string;
  initialOptionId: number | null;
  standing: WaitingStanding;
}

/** The draft to start with: an offer link's option and team, else the option the link named. */
function startingDraft({ event, leaderEmail, initialOptionId, standing }: FlowProps): TeamDraft {
  const offer = standing.loaded && !standing.offerInvalid ? standing.offer : null;
  const offered = offer && event.participations.find((o) => o.id === offer.itemId);
  if (offer && offered) return draftFromOffer(offered, offer, leaderEmail);
  return initialDraft(event.participations, initialOptionId);
}

function RegistrationFlow(props: FlowProps) {
  const { event, position, instituteDomain, userId, leaderEmail, standing } = props;
  const router = useRouter();
  const { toast } = useToast();
  const [draft, setDraft] = useState<TeamDraft>(() => startingDraft(props));
  const [verified, setVerified] = useState<Verified | null>(null);
  const [verifying, setVerifying] = useState(false);
  // The server's refusals that name a teammate, shown under their fields until the address changes.
  const [memberErrors, setMemberErrors] = useState<MemberError[]>([]);
  const [registering, setRegistering] = useState(false);
  const [joined, setJoined] = useState<Joined | null>(null);
  // An offer the server refused meanwhile (expired, used): registering goes on without it.
  const [offerGone, setOfferGone] = useState(false);
  const offer = offerGone ? null : standing.offer;
  const heldOptionId = offer?.itemId ?? null;
  /** Whether choosing this option leads to its waiting list: full, and no place held for the visitor. */
  const joinsList = (option: ParticipationOption) => isFull(option) && option.id !== heldOptionId;
  const offerFor = (option: ParticipationOption) => (offer && option.id === heldOptionId ? offer.id : null);
  // Focus follows the visitor from one step to the other, never on the first render.
  const [hasMoved, setHasMoved] = useState(false);
  const payment = usePurchase();
  const overlaps = useOverlapWarnings(
    event.id,
    leaderEmail,
    draft.teammates.map((row) => row.email),
  );
  const overlapNotice = <OverlapNotice warnings={overlaps} />;

  async function verify(submission: TeamSubmission) {
    setVerifying(true);
    // The rows as sent: the server names a teammate by position in what it was sent.
    const sentRows = draft.teammates;
    const words = entryWords(submission.option);
    try {
      const answer = await verifyTeam(event.id, submission);
      toast({
        title: joinsList(submission.option)
          ? words.mayJoinList(submission.option.participation_name)
          : words.eligible(event.name),
        variant: 'success',
      });
      setMemberErrors([]);
      setVerified({ submission, result: answer.data });
      setHasMoved(true);
    } catch (error) {
      toast({
        title: 'Verification Failed',
        description: messageOf(error, 'Failed to verify users'),
        variant: 'error',
      });
      setMemberErrors(memberErrorsOf(error, sentRows));
    } finally {
      setVerifying(false);
    }
  }

  async function registerFree({ submission, result }: Verified) {
    setRegistering(true);
    const offerId = offerFor(submission.option);
    try {
      await registerForEvent(event.id, submission, result.isDAStudent, null, offerId);
      toast({
        title: 'Bravo',
        description: 'Event Registration Successful. Confirmation has been sent to your mail.',
        variant: 'success',
      });
      router.push('/');
    } catch (error) {
      if (offerId && error instanceof ApiError && error.reason === 'offer_invalid') {
        // The held place is gone (expired, or used meanwhile): say so and stay, with fresh places.
        setRegistering(false);
        setOfferGone(true);
        toast({ title: 'The offer no longer stands', description: error.message, variant: 'error' });
        router.refresh();
        return;
      }
      toast({
        title: 'Oops',
        description: messageOf(error, 'Something went wrong! Kindly Re-register'),
        variant: 'error',
      });
      router.push('/event');
    }
  }

  async function join({ submission }: Verified) {
    setRegistering(true);
    try {
      const answer = await joinWaitingList('participation_option', submission.option.id, {
        emails: submission.emails,
        teamName: submission.teamName,
      });
      setJoined({ option: submission.option, position: answer.data.position });
      setHasMoved(true);
      toast({ title: 'You are on the waiting list', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'places_left') {
        // A place came free meanwhile: the fresh page offers registering instead.
        toast({
          title: 'Places are left',
          description: `A place of ${submission.option.participation_name} is free now: you can register for it.`,
          variant: 'info',
        });
        router.refresh();
      } else {
        toast({
          title: 'Could not join the waiting list',
          description: messageOf(error, 'Something went wrong. Please try again.'),
          variant: 'error',
        });
      }
    } finally {
      setRegistering(false);
    }
  }

  function confirm(current: Verified) {
    if (joinsList(current.submission.option)) {
      void join(current);
      return;
    }
    if (!current.result.isPaymentMandatory) {
      void registerFree(current);
      return;
    }
    const plan = eventFeePlan({
      event,
      submission: current.submission,
      isDAStudent: current.result.isDAStudent,
      payer: { userId, email: leaderEmail },
      // The page's event, and with it the fee, is read again on the server.
      showNewFee: () => router.refresh(),
      retryPath: `/event/${position}/register?event=${event.id}`,
      offerId: offerFor(current.submission.option),
    });
    void payment.purchase(plan);
  }

  // After a price change (the server refuses the old amount and the page data is refreshed), the
  // confirmation shows and charges the option's current fee.
  const current: Verified | null = verified && {
    ...verified,
    submission: {
      ...verified.submission,
      option:
        event.participations.find((o) => o.id === verified.submission.option.id) ??
        verified.submission.option,
    },
  };
  const feeWaived = verified !== null && verified.result.isDAStudent && !verified.result.isPaymentMandatory;
  const chosen = event.participations.find((o) => o.id === draft.optionId) ?? null;
  const categoryPath = `/event/${position}`;

  return (
    <main className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24">
      <div className="mx-auto w-full max-w-5xl">
        <BackButton fallback={categoryPath} />
        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start">
          <EventOverview event={event} feeWaived={feeWaived} />
          <section
            aria-label="Registration"
            className="rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8"
          >
            {joined ? (
              <WaitingListJoined
                optionName={joined.option.participation_name}
                eventName={event.name}
                position={joined.position}
                free={joined.option.price <= 0}
                categoryPath={categoryPath}
              />
            ) : (
              <>
                <OfferNotice offer={offer} invalid={standing.offerInvalid || offerGone} />
                {current ? (
                  <TeamConfirmation
                    submission={current.submission}
                    result={current.result}
                    busy={registering || payment.inProgress}
                    onConfirm={() => confirm(current)}
                    onBack={() => setVerified(null)}
                    focusHeading={hasMoved}
                    notice={overlapNotice}
                    mode={joinsList(current.submission.option) ? 'waitlist' : 'register'}
                  />
                ) : (
                  <TeamForm
                    options={event.participations}
                    draft={draft}
                    onDraftChange={setDraft}
                    leaderEmail={leaderEmail}
                    instituteDomain={instituteDomain}
                    verifying={verifying}
                    onVerify={(submission) => void verify(submission)}
                    memberErrors={memberErrors}
                    focusHeading={hasMoved}
                    notice={overlapNotice}
                    heldOptionId={heldOptionId}
                    entries={standing.byOption}
                    optionNotice={
                      chosen && joinsList(chosen) ? (
                        <FullOptionNotice
                          optionName={chosen.participation_name}
                          entry={standing.byOption.get(chosen.id)}
                          words={entryWords(chosen)}
                        />
                      ) : null
                    }
                  />
                )}
              </>
            )}
          </section>
        </div>
      </div>
      <PaymentOverlay show={payment.inProgress} />
    </main>
  );
}
