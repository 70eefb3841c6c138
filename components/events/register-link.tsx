import Link from 'next/link';

/**
 * 'Register' on an event card. The registration screen reads the event from the URL on the server, so
 * the link carries only its id (and the name for its label): no event data travels to the browser twice.
 */
export function RegisterLink({
  position,
  eventId,
  eventName,
}: {
  position: number;
  eventId: number;
  eventName: string;
}) {
  return (
    <Link
      href={`/event/${position}/register?event=${eventId}`}
      prefetch={false}
      className="inline-flex min-h-11 items-center justify-center rounded-full bg-gold px-6 font-display text-sm tracking-widest text-ink transition hover:bg-amber-300"
      aria-label={`Register for ${eventName}`}
    >
      Register
    </Link>
  );
}
