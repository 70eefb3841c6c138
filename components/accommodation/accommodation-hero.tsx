import { festivalTitle } from '@/lib/festival';

/** The accommodation hero: what the page is for. */
export function AccommodationHero() {
  return (
    <header className="text-center">
      <h1 className="font-display text-3xl tracking-wide text-gold sm:text-5xl">Accommodation</h1>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-parchment/90">
        A bed within the castle walls for the nights of {festivalTitle}: choose a room, your dates and book in
        a few steps.
      </p>
    </header>
  );
}
