import type { Metadata } from 'next';
import Link from 'next/link';
import { LeaveTeamButton } from '@/components/event-registration/leave-team-button';
import { getDb } from '@/lib/server/db';
import {
  leaveLinkExpired,
  teamForLeaveToken,
  type LeaveTeamView,
} from '@/lib/server/services/event-registration-leave';

export const metadata: Metadata = { title: 'Leave a team', robots: { index: false, follow: false } };

/*
 * /leave-team?token=...: opened from a teammate's confirmation mail. No sign-in is needed: the signed
 * token names one membership and is the permission to end it, until the event's end.
 */

const notes: Record<Exclude<LeaveTeamView['state'], 'member'>, string> = {
  invalid: 'This link is not valid. Please use the link from your confirmation mail.',
  expired: leaveLinkExpired,
  left: 'You have already left this team. You may register for this event with another team.',
  leader:
    'A team leader cannot leave by link. To cancel the registration, please contact the event’s organisers.',
  cancelled: 'This registration has been cancelled already.',
};

export default async function LeaveTeamPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const view = await teamForLeaveToken(await getDb(), token);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-6 px-6 pt-24 pb-16">
      <h1 className="font-display text-2xl text-parchment sm:text-3xl">Leave a team</h1>
      {view.state === 'invalid' || view.state === 'expired' ? null : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-parchment">
          <dt className="font-display text-sm tracking-wide text-gold">Event</dt>
          <dd>{view.eventName}</dd>
          <dt className="font-display text-sm tracking-wide text-gold">Taking part as</dt>
          <dd>{view.optionName}</dd>
          {view.teamName ? (
            <>
              <dt className="font-display text-sm tracking-wide text-gold">Team</dt>
              <dd className="break-words">{view.teamName}</dd>
            </>
          ) : null}
          <dt className="font-display text-sm tracking-wide text-gold">Registered by</dt>
          <dd>{view.leaderName}</dd>
          <dt className="font-display text-sm tracking-wide text-gold">Member</dt>
          <dd>{view.memberName}</dd>
        </dl>
      )}
      {view.state === 'member' ? (
        <>
          <p className="text-parchment/90">
            {view.leaderName} registered you for {view.eventName}. If you did not agree to join, leave the
            team: you will no longer be registered for this event through it, and you may register with
            another team. The leader is told by mail.
          </p>
          <LeaveTeamButton token={token} />
        </>
      ) : (
        <p role="status" className="text-parchment/90">
          {notes[view.state]}
        </p>
      )}
      <Link href="/" className="font-display text-sm tracking-wide text-gold underline">
        Go to Home
      </Link>
    </main>
  );
}
