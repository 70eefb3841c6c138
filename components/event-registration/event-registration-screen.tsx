'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { PaymentOverlay } from '@/components/payment/payment-overlay';
import { usePurchase } from '@/components/payment/use-purchase';
import { useToast } from '@/components/toast/toast-provider';
import { BackButton } from '@/components/ui/back-button';
import { PageLoader } from '@/components/ui/page-loader';
import { messageOf } from '@/lib/api-client';
import type { FestivalEvent } from '@/lib/content-types';
import type { VerificationResult } from '@/lib/schemas/event-registration';
import { eventFeePlan } from './event-fee-plan';
import { EventOverview } from './event-overview';
import { OverlapNotice } from './overlap-notice';
import { registerForEvent, verifyTeam } from './registration-api';
import { TeamConfirmation } from './team-confirmation';
import { initialDraft, type TeamDraft, type TeamSubmission } from './team-draft';
import { TeamForm } from './team-form';
import { useOverlapWarnings } from './use-overlap-warnings';

interface Verified {
  submission: TeamSubmission;
  result: VerificationResult;
}

/**
 * The event registration screen of SPEC.md parts 2 and 4: the event's details beside a two-step flow,
 * the team form then the confirmation, ending at '/', '/event', '/success' or '/failure'.
 */
export function EventRegistrationScreen({
  event,
  position,
  instituteDomain,
}: {
  event: FestivalEvent;
  /** The category's 1-based position: where 'back' leads when there is no history. */
  position: number;
  instituteDomain: string;
}) {
  const { user, logout } = useAuth();
  const router = useRouter();
  const userId = user?.userId;

  // Without a user id nobody can register: sign out and start again from the home page.
  const signedOut = useRef(false);
  useEffect(() => {
    if (userId || signedOut.current) return;
    signedOut.current = true;
    void logout();
    router.push('/');
  }, [userId, logout, router]);

  if (!user || !userId) return <PageLoader />;
  return (
    <RegistrationFlow
      event={event}
      position={position}
      instituteDomain={instituteDomain}
      userId={userId}
      leaderEmail={user.email}
    />
  );
}

function RegistrationFlow({
  event,
  position,
  instituteDomain,
  userId,
  leaderEmail,
}: {
  event: FestivalEvent;
  position: number;
  instituteDomain: string;
  userId: string;
  leaderEmail: string;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [draft, setDraft] = useState<TeamDraft>(() => initialDraft(event.participations));
  const [verified, setVerified] = useState<Verified | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [registering, setRegistering] = useState(false);
  // Focus follows the visitor from one step to the other, never on the first render.
  const [hasMoved, setHasMoved] = useState(false);
  const payment = usePurchase();
  const overlaps = useOverlapWarnings(
    event.id,
    leaderEmail,
    draft.teammates.map((row) => row.email),
  );
  const overlapNotice = <OverlapNotice warnings={overlaps} leaderEmail={leaderEmail} />;

  async function verify(submission: TeamSubmission) {
    setVerifying(true);
    try {
      const answer = await verifyTeam(event.id, submission);
      toast({ title: `All users are eligible to register in ${event.name}`, variant: 'success' });
      setVerified({ submission, result: answer.data });
      setHasMoved(true);
    } catch (error) {
      toast({
        title: 'Verification Failed',
        description: messageOf(error, 'Failed to verify users'),
        variant: 'error',
      });
    } finally {
      setVerifying(false);
    }
  }

  async function registerFree({ submission, result }: Verified) {
    setRegistering(true);
    try {
      await registerForEvent(event.id, submission, result.isDAStudent, null);
      toast({
        title: 'Bravo',
        description: 'Event Registration Successful. Confirmation has been sent to your mail.',
        variant: 'success',
      });
      router.push('/');
    } catch {
      toast({ title: 'Oops', description: 'Something went wrong! Kindly Re-register', variant: 'error' });
      router.push('/event');
    }
  }

  function confirm(current: Verified) {
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

  return (
    <main className="min-h-dvh bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-4 pb-16 pt-24">
      <div className="mx-auto w-full max-w-5xl">
        <BackButton fallback={`/event/${position}`} />
        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start">
          <EventOverview event={event} feeWaived={feeWaived} />
          <section
            aria-label="Registration"
            className="rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8"
          >
            {current ? (
              <TeamConfirmation
                submission={current.submission}
                result={current.result}
                busy={registering || payment.inProgress}
                onConfirm={() => confirm(current)}
                onBack={() => setVerified(null)}
                focusHeading={hasMoved}
                notice={overlapNotice}
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
                focusHeading={hasMoved}
                notice={overlapNotice}
              />
            )}
          </section>
        </div>
      </div>
      <PaymentOverlay show={payment.inProgress} />
    </main>
  );
}
