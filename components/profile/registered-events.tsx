import Link from 'next/link';
import { textLinkClass } from '@/components/forms/field-classes';
import type { Profile } from '@/lib/schemas/auth';

/** The profile's list of event registrations, or an invitation to browse events when there are none. */
export function RegisteredEvents({ registrations }: { registrations: Profile['registrationsDetails'] }) {
  if (registrations.length === 0) {
    return (
      <p className="mt-4 text-parchment/85">
        You haven&apos;t registered for any events yet.{' '}
        <Link href="/event" className={textLinkClass}>
          Explore events
        </Link>
      </p>
    );
  }
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {registrations.map((r) => (
        <li
          key={r.eventId}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-parchment/15 bg-black/30 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="font-display text-parchment">{r.eventName}</p>
            <p className="text-sm text-parchment/75">{r.eventCategoryName}</p>
          </div>
          <span className="rounded-full border border-emerald-400/60 bg-emerald-950/60 px-3 py-0.5 text-sm text-emerald-200">
            Registered
          </span>
        </li>
      ))}
    </ul>
  );
}
