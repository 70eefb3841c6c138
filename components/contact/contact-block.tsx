import Image from 'next/image';
import Link from 'next/link';
import { festival, venueLine } from '@/lib/festival';
import { SocialLinks } from './social-icons';
import { StarrySky } from './starry-sky';

/**
 * The contact block of SPEC.md part 2: the Contact Us page's body and the footer of several pages.
 * `as` picks the landmark: the page uses a section, other pages a footer.
 */
export function ContactBlock({
  as: Tag = 'footer',
  heading = 'h2',
}: {
  as?: 'footer' | 'section';
  heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  const SubHeading = heading === 'h1' ? 'h2' : 'h3';
  const { name, phone } = festival.coreTeamContact;
  return (
    <Tag className="relative isolate overflow-hidden bg-gradient-to-b from-night to-black px-6 py-16 text-center">
      <StarrySky />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-6">
        <Heading className="font-display text-3xl tracking-widest text-gold sm:text-4xl">CONTACT US</Heading>
        <Image src="/images/logo.svg" alt={`${festival.name} logo`} width={96} height={96} unoptimized />
        <div>
          <SubHeading className="font-display text-xl text-parchment">Reach Us Out At</SubHeading>
          <p className="mt-2">
            Core team: {name},{' '}
            <a
              className="underline decoration-gold/60 underline-offset-4"
              href={`tel:${phone.replace(/\s/g, '')}`}
            >
              {phone}
            </a>
          </p>
        </div>
        <address className="not-italic">{venueLine()}</address>
        <ul className="flex flex-col gap-1 sm:flex-row sm:gap-6">
          {festival.emails.map((email) => (
            <li key={email}>
              <a className="underline decoration-gold/60 underline-offset-4" href={`mailto:${email}`}>
                {email}
              </a>
            </li>
          ))}
        </ul>
        <SocialLinks />
        {/* As a footer only: the Contact Us page is the spec's block as it is. Not in the menu, which the
            spec lists item by item. */}
        {Tag === 'footer' ? (
          <Link
            href="/announcements"
            prefetch={false}
            className="underline decoration-gold/60 underline-offset-4"
          >
            Announcements from the organisers
          </Link>
        ) : null}
      </div>
    </Tag>
  );
}
