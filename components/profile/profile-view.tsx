'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useSignedInUser } from '@/components/auth/use-signed-in-user';
import { textLinkClass } from '@/components/forms/field-classes';
import { InlineLoader } from '@/components/forms/inline-loader';
import { NotificationsSection } from '@/components/notifications/notifications-section';
import { useToast } from '@/components/toast/toast-provider';
import { api } from '@/lib/api-client';
import { formatDateOfBirth, formatPhone } from '@/lib/format';
import type { Profile } from '@/lib/schemas/auth';
import { FestivalPass } from './festival-pass';
import { startsFromCopy, type ProfileFromServer, type ServerCopy } from './from-server';
import { MerchandiseOrders } from './merchandise-orders';
import { MyCertificatesSection } from './my-certificates';
import { EditDetails } from './plans/edit-details';
import { MyPlansSection } from './plans/my-plans';
import { IncomingTransfers } from './plans/transfer';
import { MyTimetableSection } from './my-timetable';
import { RegisteredEvents } from './registered-events';
import { MyWaitingListsSection } from './waiting-lists';

type Load = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'failed' };

const genderLabel: Record<Profile['gender'], string> = { male: 'Male', female: 'Female', other: 'Other' };

/**
 * The signed-in participant's profile: festival pass, their waiting lists (only when they wait for
 * something), their timetable, their notifications, personal details, the accommodation flag, registered events and
 * merchandise orders. Each section starts with what the page read for the visitor on the server
 * (`fromServer`), and loads on its own what that could not read; the pass and the timetable are kept on the
 * device for the gate, so they show even when nothing can be fetched.
 */
export function ProfileView({ fromServer = null }: { fromServer?: ProfileFromServer | null }) {
  const user = useSignedInUser('Something went wrong');
  const { toast } = useToast();
  const userId = user?.userId;
  // The page's copy belongs to the guard cookie's user: another account signed in on this tab gets none.
  const server = fromServer && fromServer.userId === userId ? fromServer : null;
  const copyOf = <T,>(value: T | null | undefined): ServerCopy<T> | undefined =>
    server && value != null ? { value, renderedAt: server.renderedAt } : undefined;
  const profileCopy = copyOf(server?.profile);
  const [load, setLoad] = useState<Load>(() =>
    profileCopy ? { status: 'ready', profile: profileCopy.value } : { status: 'loading' },
  );
  // Bumped after the participant changes their plans: the profile, the pass and the timetable read again.
  const [version, setVersion] = useState(0);
  // What the first render showed, and for whom (the effect below reads again for anyone else).
  const [first] = useState(() => ({ userId, copy: profileCopy }));

  useEffect(() => {
    if (!userId) return;
    // The page's own copy, of this moment: nothing to ask for until the participant changes something.
    if (version === 0 && first.userId === userId && startsFromCopy(first.copy, 'details')) return;
    const controller = new AbortController();
    api
      .get<Profile>(`/api/my-profile/${encodeURIComponent(userId)}`, { signal: controller.signal })
      .then((answer) => setLoad({ status: 'ready', profile: answer.data }))
      .catch(() => {
        if (controller.signal.aborted) return;
        toast({ title: 'Failed to fetch profile data', variant: 'error' });
        setLoad({ status: 'failed' });
      });
    return () => controller.abort();
  }, [userId, toast, version, first]);

  // Sections keyed by `version` start again after a change, without the page's copy: they read it anew.
  const unchanged = version === 0;
  const changed = () => setVersion((v) => v + 1);
  return (
    <div className="flex flex-col gap-6">
      {userId ? (
        <>
          <FestivalPass
            key={`pass-${userId}-${version}`}
            userId={userId}
            initial={unchanged ? copyOf(server?.pass) : undefined}
          />
          <MyCertificatesSection key={`certificates-${userId}`} initial={copyOf(server?.certificates)} />
          <MyWaitingListsSection key={userId} initial={copyOf(server?.waitingLists)} />
          <MyTimetableSection
            key={`timetable-${userId}-${version}`}
            userId={userId}
            initial={unchanged ? copyOf(server?.timetable) : undefined}
          />
          <NotificationsSection key={`notifications-${userId}`} initial={copyOf(server?.notifications)} />
          <IncomingTransfers
            key={`transfers-${userId}`}
            initial={copyOf(server?.transfers)}
            onChanged={changed}
          />
          <MyPlansSection
            key={`plans-${userId}`}
            version={version}
            initial={copyOf(server?.plans)}
            transfers={copyOf(server?.transfers)}
            onChanged={changed}
          />
        </>
      ) : null}
      {load.status === 'loading' ? <InlineLoader label="Loading your profile" /> : null}
      {load.status === 'failed' ? (
        <p className="rounded-xl border border-red-400/50 bg-red-950/40 p-4 text-center">
          We couldn&apos;t load your profile just now. Please try again in a moment.
        </p>
      ) : null}
      {load.status === 'ready' ? <ProfileDetails profile={load.profile} onChanged={changed} /> : null}
    </div>
  );
}

function ProfileDetails({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const rows: [string, string][] = [
    ['First name', profile.first_name],
    ['Last name', profile.last_name],
    ['Phone', formatPhone(profile.phone_number)],
    ['Date of birth', formatDateOfBirth(profile.DOB)],
    ['Gender', genderLabel[profile.gender] ?? profile.gender],
    ['College', profile.Clg],
    ['Email', profile.email],
  ];
  return (
    <>
      <section aria-labelledby="profile-details" className={cardClass}>
        <h2 id="profile-details" className={headingClass}>
          Your details
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-display text-sm tracking-wide text-gold sm:py-1">{label}</dt>
              <dd className="-mt-2 break-words pb-1 sm:mt-0 sm:py-1">{value}</dd>
            </div>
          ))}
        </dl>
        <details className="mt-5">
          <summary className={`${textLinkClass} cursor-pointer`}>Correct your details or e-mail</summary>
          <EditDetails profile={profile} onChanged={onChanged} />
        </details>
        {profile.accomodationTaken ? (
          <p className="mt-5 inline-flex rounded-full border border-emerald-400/60 bg-emerald-950/60 px-4 py-1 text-emerald-200">
            Accommodation — Paid
          </p>
        ) : null}
      </section>
      <section aria-labelledby="registered-events" className={cardClass}>
        <h2 id="registered-events" className={headingClass}>
          Registered events
        </h2>
        <RegisteredEvents registrations={profile.registrationsDetails} />
        {profile.registrationsDetails.length > 0 ? (
          <p className="mt-4">
            <Link href="/event" className={textLinkClass}>
              Explore more events
            </Link>
          </p>
        ) : null}
      </section>
      {profile.merchandiseOrders.length > 0 ? (
        <section aria-labelledby="merchandise-orders" className={cardClass}>
          <h2 id="merchandise-orders" className={headingClass}>
            Merchandise orders
          </h2>
          <MerchandiseOrders orders={profile.merchandiseOrders} />
        </section>
      ) : null}
    </>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
const headingClass = 'font-display text-xl text-gold';
