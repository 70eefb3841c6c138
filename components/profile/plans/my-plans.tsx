'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmStepButton } from '@/components/forms/confirm-step-button';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { SizeChange } from './size-change';
import { TeamChange } from './team-change';
import { TransferOffer } from './transfer';
import type { CancellableKind, CancelOutcome, ChangeTerms, MyPlans } from '@/lib/schemas/changes';
import type { MyTransfers, TransferOfferView } from '@/lib/schemas/transfers';
import { startsFromCopy, type ServerCopy } from '@/components/profile/from-server';

type Load =
  | { status: 'loading' }
  /** `fromPage`: these are the page's own copy, read with the transfers the page brought. */
  | { status: 'ready'; plans: MyPlans; fromPage?: boolean }
  | { status: 'offline' | 'failed' };

/** One thing the participant holds, as this section lists it. */
interface Plan {
  kind: CancellableKind;
  id: string;
  /** "your registration for Robo Race", "your T-shirt order", "your stay": what the questions name. */
  what: string;
  title: string;
  details: string | null;
  terms: ChangeTerms;
  /** Why this person cannot change it themselves (a team member), else null. */
  notYours: string | null;
  /** A T-shirt order, whose sizes can be changed too. */
  order?: MyPlans['merchandiseOrders'][number];
  /** A solo registration or a stay can be offered to someone else. */
  transferable?: boolean;
  /** A team's registration, whose members its leader can change. */
  team?: MyPlans['registrations'][number];
}

function plansOf(plans: MyPlans): Plan[] {
  return [
    ...plans.registrations.map((r) => ({
      kind: 'registration' as const,
      id: r.id,
      what: `your registration for ${r.eventName}`,
      title: r.eventName,
      details: r.teamName ? `${r.optionName}, team ${r.teamName}` : r.optionName,
      terms: r.terms,
      notYours: r.isLeader
        ? null
        : 'Only your team’s leader can change or cancel this registration. To leave the team, use the link in your confirmation e-mail.',
      transferable: r.isLeader && r.maxMembers === 1,
      team: r.maxMembers > 1 ? r : undefined,
    })),
    ...plans.merchandiseOrders.map((o) => ({
      kind: 'merchandise_order' as const,
      id: o.id,
      what: 'your T-shirt order',
      title: 'T-shirt order',
      details: o.summary,
      terms: o.terms,
      notYours: null,
      order: o,
    })),
    ...(plans.stay
      ? [
          {
            kind: 'accommodation_booking' as const,
            id: plans.stay.id,
            what: 'your stay',
            title: 'Your stay',
            details: plans.stay.summary,
            terms: plans.stay.terms,
            notYours: null,
            transferable: true,
          },
        ]
      : []),
  ];
}

/** What a cancellation's answer says to the person who asked for it. */
function cancelledMessage(plan: Plan, outcome: CancelOutcome): string {
  const done = outcome.alreadyCancelled ? 'This was already cancelled.' : `Cancelled ${plan.what}.`;
  return outcome.refundPaise > 0
    ? `${done} ${formatPrice({ paise: outcome.refundPaise })} will be refunded to the way you paid.`
    : done;
}

/**
 * The profile's "Change your plans" (docs/own-changes.md): the caller's registrations, T-shirt orders and
 * stay, each with until when it can be changed and what cancelling gives back now, and Cancel in two steps.
 * It shows nothing while it loads, without a signal, or when the caller holds nothing, so the profile stays
 * light; `onChanged` lets the rest of the profile (events, orders, pass) catch up after a change.
 * `initial` and `transfers`: the page's copies of the plans and of the open transfer offers, shown at once;
 * read again only after a change, or when the copy is old or shown again (startsFromCopy).
 */
export function MyPlansSection({
  version,
  initial,
  transfers,
  onChanged,
}: {
  version: number;
  initial?: ServerCopy<MyPlans>;
  transfers?: ServerCopy<MyTransfers>;
  onChanged: () => void;
}) {
  const [load, setLoad] = useState<Load>(() =>
    initial ? { status: 'ready', plans: initial.value, fromPage: true } : { status: 'loading' },
  );
  const [said, setSaid] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [firstCopy] = useState(initial);

  const fetchPlans = useCallback(
    (signal?: AbortSignal) =>
      api.get<MyPlans>('/api/my-plans', { signal }).then(
        ({ data }) => setLoad({ status: 'ready', plans: data }),
        (error: unknown) => {
          if (signal?.aborted) return;
          setLoad({ status: error instanceof ApiError && error.status === 0 ? 'offline' : 'failed' });
        },
      ),
    [],
  );

  useEffect(() => {
    if (version === 0 && startsFromCopy(firstCopy, 'plans')) return;
    const controller = new AbortController();
    void fetchPlans(controller.signal);
    return () => controller.abort();
    // `version`: the rest of the profile changed something this section shows (a transfer accepted).
  }, [fetchPlans, version, firstCopy]);

  // After a change the profile bumps `version`, which reads this section again (the effect above) as it
  // reads the rest of the profile: one request for the plans, not two.
  const changed = onChanged;

  async function cancel(plan: Plan): Promise<boolean> {
    try {
      const { data } = await api.post<CancelOutcome>('/api/my-plans/cancel', {
        kind: plan.kind,
        id: plan.id,
      });
      setSaid(cancelledMessage(plan, data));
      // The item and its buttons are gone: keep the keyboard in this section.
      headingRef.current?.focus();
      changed();
      return true;
    } catch (error) {
      setSaid(messageOf(error, 'Something went wrong. Please try again.'));
      // Changed meanwhile (frozen, cancelled elsewhere): show the plans as they are now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void fetchPlans();
      return false;
    }
  }

  /** The page's copy of this place's open offer, while the plans shown are the page's too. */
  const pageOffer = (id: string): ServerCopy<TransferOfferView | null> | undefined =>
    transfers && load.status === 'ready' && load.fromPage
      ? {
          value: transfers.value.outgoing.find((o) => o.entityId === id) ?? null,
          renderedAt: transfers.renderedAt,
        }
      : undefined;

  if (load.status === 'loading' || load.status === 'offline') return null;
  const plans = load.status === 'ready' ? plansOf(load.plans) : [];
  if (load.status === 'ready' && plans.length === 0 && !said) return null;
  return (
    <section aria-labelledby="my-plans" className={cardClass}>
      <h2 id="my-plans" ref={headingRef} tabIndex={-1} className="font-display text-xl text-gold">
        Change your plans
      </h2>
      {load.status === 'failed' ? (
        <p className="mt-3">We couldn&apos;t load your plans just now. Please try again in a moment.</p>
      ) : (
        <p className="mt-2 text-sm text-parchment/85">
          Cancel what you can no longer use, before the organisers’ deadline for it.
        </p>
      )}
      {plans.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {plans.map((plan) => (
            <PlanItem key={`${plan.kind}-${plan.id}`} plan={plan}>
              {plan.order && plan.terms.open ? <SizeChange order={plan.order} onChanged={changed} /> : null}
              {plan.team ? <TeamChange registration={plan.team} onChanged={changed} /> : null}
              {plan.transferable && plan.terms.open && plan.kind !== 'merchandise_order' ? (
                <TransferOffer
                  kind={plan.kind}
                  id={plan.id}
                  initial={pageOffer(plan.id)}
                  onChanged={changed}
                />
              ) : null}
              {plan.terms.open && !plan.notYours ? (
                <ConfirmStepButton
                  question={`Cancel ${plan.what}?`}
                  consequence={`Cancel ${plan.what}? ${plan.terms.refundLabel} This cannot be undone.`}
                  yes="Yes, cancel"
                  no="Keep it"
                  onConfirm={() => cancel(plan)}
                >
                  Cancel<span className="sr-only"> {plan.what}</span>
                </ConfirmStepButton>
              ) : null}
            </PlanItem>
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="mt-3 text-parchment/90 empty:mt-0">
        {said}
      </p>
    </section>
  );
}

function PlanItem({ plan, children }: { plan: Plan; children: ReactNode }) {
  const { terms } = plan;
  return (
    <li className="rounded-xl border border-parchment/15 bg-black/30 px-4 py-3">
      <p className="font-display text-parchment">{plan.title}</p>
      {plan.details ? <p className="text-sm break-words text-parchment/80">{plan.details}</p> : null}
      <p className="mt-1 text-sm text-parchment/90">
        {terms.freezeAt === null
          ? 'You can change this until the festival.'
          : terms.open
            ? `Changes until ${formatDateTime(terms.freezeAt)} (India time).`
            : `Changes closed on ${formatDateTime(terms.freezeAt)} (India time). Please contact the organisers.`}
      </p>
      {terms.open && !plan.notYours ? <p className="text-sm text-parchment/80">{terms.refundLabel}</p> : null}
      {plan.notYours ? <p className="mt-1 text-sm text-parchment/80">{plan.notYours}</p> : null}
      {children}
    </li>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
