import Image from 'next/image';
import Link from 'next/link';
import { ContactBlock } from '@/components/contact/contact-block';
import { RegisterCta } from '@/components/home/register-cta';
import { festival, festivalTitle } from '@/lib/festival';

export default function HomePage() {
  return (
    <>
      <main>
        <section className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden px-6 text-center">
          <Image
            src="/images/hero-castle.svg"
            alt=""
            fill
            priority
            unoptimized
            sizes="100vw"
            className="-z-10 object-cover object-bottom"
          />
          <p className="font-display text-sm tracking-[0.4em] text-gold">20 – 23 FEBRUARY · GANDHINAGAR</p>
          <h1 className="mt-4 font-display text-5xl tracking-wider text-parchment drop-shadow-lg sm:text-7xl">
            {festivalTitle}
          </h1>
          <p className="mt-4 max-w-xl text-xl text-parchment/90">{festival.tagline}</p>
          <div className="mt-8">
            <RegisterCta />
          </div>
        </section>
        <section aria-labelledby="theme-heading" className="mx-auto max-w-3xl px-6 py-20 text-center">
          <h2 id="theme-heading" className="font-display text-3xl tracking-widest text-gold">
            THEME
          </h2>
          <p className="mt-6 text-xl">{festival.description}</p>
          <Link
            href="/event"
            className="mt-8 inline-block font-display text-gold underline underline-offset-8"
          >
            EXPLORE EVENTS
          </Link>
        </section>
      </main>
      <ContactBlock />
    </>
  );
}
