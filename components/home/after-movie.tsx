import { AfterMoviePlayer } from './after-movie-player';

/** After Movie: last year's highlights, embedded only when the visitor asks for them. */
export function AfterMovie() {
  return (
    <section aria-labelledby="movie-heading" className="px-6 py-16 text-center">
      <h2 id="movie-heading" className="font-display text-3xl tracking-widest text-gold sm:text-4xl">
        AFTER MOVIE
      </h2>
      <p className="mt-4 text-lg text-parchment/90">
        Relive the spells, stages and fireworks of the last edition.
      </p>
      <AfterMoviePlayer />
    </section>
  );
}
