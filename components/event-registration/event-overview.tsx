import Image from 'next/image';
import { EventDescription } from '@/components/events/event-description';
import { textLinkClass } from '@/components/forms/field-classes';
import { contentImageProps } from '@/lib/content-image';
import type { FestivalEvent } from '@/lib/content-types';
import { PointsOfContact } from './points-of-contact';
import { RegistrationFees } from './registration-fees';

/** What the visitor is registering for: image, name, description, rulebook, fees and contacts. */
export function EventOverview({ event, feeWaived }: { event: FestivalEvent; feeWaived: boolean }) {
  return (
    <article aria-labelledby="event-name" className="flex flex-col gap-5">
      <Image
        // The whole width on a phone, half the 992 px page from 1024 px.
        {...contentImageProps(event.image_url, '(min-width: 1024px) 480px, 100vw')}
        alt=""
        width={600}
        height={400}
        priority
        className="aspect-[3/2] h-auto w-full rounded-2xl border border-gold/25 object-cover"
      />
      <h1 id="event-name" className="font-display text-3xl leading-tight text-gold sm:text-4xl">
        {event.name}
      </h1>
      <EventDescription text={event.description} className="text-parchment/90" />
      {event.rule_book_pdf_url ? (
        <p>
          <a
            href={event.rule_book_pdf_url}
            target="_blank"
            rel="noopener noreferrer"
            className={textLinkClass}
          >
            Read the rulebook (PDF, opens in a new tab)
          </a>
        </p>
      ) : null}
      <section aria-labelledby="registration-fees">
        <h2 id="registration-fees" className="font-display text-lg text-gold">
          Registration fees
        </h2>
        <RegistrationFees options={event.participations} waived={feeWaived} />
      </section>
      <section aria-labelledby="points-of-contact">
        <h2 id="points-of-contact" className="font-display text-lg text-gold">
          Points of contact
        </h2>
        <PointsOfContact event={event} />
      </section>
    </article>
  );
}
