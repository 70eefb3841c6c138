import Image from 'next/image';
import type { FestivalEvent } from '@/lib/content-types';
import { hasLink } from '@/lib/description-links';
import { pagePicture } from '@/lib/pictures/first-screen-picture';
import { isFull } from '@/lib/places';
import type { PublishedPlacing } from '@/lib/schemas/results';
import type { TimetableSession } from '@/lib/timetable';
import { PlacingsList } from '../results/placings-list';
import { EventDescription } from './event-description';
import { EventPlaces } from './event-places';
import { EventSessions } from './event-sessions';
import { RegisterLink } from './register-link';

/** One column on a phone, three from 640 px in a page at most 1120 px wide. */
const pictureSizes = '(min-width: 1152px) 358px, (min-width: 640px) 33vw, 100vw';

export const closedNote = 'This event is not taking any registrations currently';

/** Whether an event can be registered for on this site: open, with at least one way to take part. */
export function takesRegistrations(event: FestivalEvent): boolean {
  return event.isRegistrationOpen && event.participations.length > 0;
}

export function EventCard({
  event,
  position,
  eager,
  first = false,
  sessions = [],
  placings = [],
}: {
  event: FestivalEvent;
  position: number;
  eager: boolean;
  /** The first card's picture is the largest thing on a phone's first screen: fetched first of all. */
  first?: boolean;
  /** The event's sessions in time order (none until the timetable is published). */
  sessions?: TimetableSession[];
  /** Its published results, if any. */
  placings?: PublishedPlacing[];
}) {
  const open = takesRegistrations(event);
  // Every option full: its "Join the waiting list" link stands instead of 'Register'.
  const allFull = event.participations.every(isFull);
  return (
    <article className="render-when-near flex flex-col overflow-hidden rounded-2xl border border-gold/25 bg-night/80 shadow-lg">
      <Image
        {...pagePicture(event.image_url, first ? 'largest' : eager ? 'eager' : 'lazy', pictureSizes)}
        alt=""
        width={600}
        height={400}
        className="aspect-[3/2] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="font-display text-xl text-parchment">{event.name}</h2>
        <EventDescription text={event.description} className="flex-1 text-base text-parchment/85" />
        <EventSessions eventName={event.name} sessions={sessions} />
        <PlacingsList eventName={event.name} placings={placings} />
        {open ? (
          <EventPlaces
            eventName={event.name}
            options={event.participations}
            position={position}
            eventId={event.id}
          />
        ) : null}
        {open ? (
          allFull ? null : (
            <RegisterLink position={position} eventId={event.id} eventName={event.name} />
          )
        ) : hasLink(event.description) ? null : (
          <p className="text-sm font-semibold text-red-400">{closedNote}</p>
        )}
      </div>
    </article>
  );
}
