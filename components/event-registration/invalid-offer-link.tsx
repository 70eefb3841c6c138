import Link from 'next/link';
import { textLinkClass } from '@/components/forms/field-classes';

/**
 * An offer link (/event/…/register?offer=…) naming no waiting list offer of an event still on show: said
 * plainly, with the way on to the events and to the profile's waiting lists.
 */
export function InvalidOfferLink() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 pt-16 text-center">
      <h1 className="font-display text-2xl text-parchment">This offer link is not valid</h1>
      <p className="max-w-prose text-parchment/85">
        It does not lead to a place held for you: the link may be incomplete, or the event is no longer shown.
        Your waiting lists and any offer you have are in{' '}
        <Link href="/profile" className={textLinkClass}>
          your profile
        </Link>
        .
      </p>
      <p>
        <Link href="/event" className={textLinkClass}>
          See the events
        </Link>
      </p>
    </main>
  );
}
