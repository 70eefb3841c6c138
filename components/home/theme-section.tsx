import { festival } from '@/lib/festival';

const facts = [
  { value: '4', label: 'days' },
  { value: String(festival.games), label: 'games' },
  { value: String(festival.concertNights), label: 'concert nights' },
] as const;

/** THEME: the festival in a paragraph and three numbers. */
export function ThemeSection() {
  return (
    <section aria-labelledby="theme-heading" className="mx-auto max-w-3xl px-6 py-20 text-center">
      <h2 id="theme-heading" className="font-display text-3xl tracking-widest text-gold sm:text-4xl">
        THEME
      </h2>
      <p className="mt-6 text-xl leading-relaxed">{festival.description}</p>
      <dl className="mt-10 grid grid-cols-3 gap-4">
        {facts.map((fact) => (
          <div key={fact.label} className="flex flex-col-reverse items-center">
            <dt className="text-base tracking-wide text-parchment/85">{fact.label}</dt>
            <dd className="font-display text-4xl text-gold">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
