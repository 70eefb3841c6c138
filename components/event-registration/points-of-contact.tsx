import type { FestivalEvent } from '@/lib/content-types';

/** The event's points of contact: the first always, the second when there is one; phones are call links. */
export function PointsOfContact({ event }: { event: FestivalEvent }) {
  const contacts = [
    { name: event.poc1_name, phone: event.poc1_phone_no },
    ...(event.poc2_name && event.poc2_phone_no
      ? [{ name: event.poc2_name, phone: event.poc2_phone_no }]
      : []),
  ];
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {contacts.map((contact) => (
        <li key={`${contact.name}-${contact.phone}`} className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-parchment">{contact.name}</span>
          <a
            href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center font-semibold text-gold underline decoration-gold/50 underline-offset-4 hover:text-amber-300"
          >
            {contact.phone}
          </a>
        </li>
      ))}
    </ul>
  );
}
