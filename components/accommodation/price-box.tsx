import { formatPrice } from '@/lib/money';
import { stayPrice } from '@/lib/schemas/shop-rules';
import { nightsLabel } from './stay-dates';

/** The price of the chosen stay: price per night times nights, or what is still missing. */
export function PriceBox({
  pricePerNight,
  days,
}: {
  pricePerNight: number | null | undefined;
  days: number | null;
}) {
  let content;
  if (pricePerNight === null) {
    content = <p className="text-red-300">Something Went Wrong</p>;
  } else if (pricePerNight === undefined || days === null) {
    content = <p className="text-parchment/80">Choose an accommodation and your dates to see the price.</p>;
  } else {
    content = (
      <>
        <p className="text-parchment/85 tabular-nums">
          {formatPrice({ rupees: pricePerNight })} × {nightsLabel(days)}
        </p>
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-display tracking-wide text-gold">Total</span>
          <span className="font-display text-2xl text-gold tabular-nums">
            {formatPrice({ rupees: stayPrice(pricePerNight, days) })}
          </span>
        </p>
      </>
    );
  }
  return (
    <section
      aria-labelledby="stay-price"
      aria-live="polite"
      className="flex min-h-28 flex-col justify-center gap-1 rounded-xl border border-gold/40 bg-black/40 px-4 py-3"
    >
      <h3 id="stay-price" className="font-display text-sm tracking-wide text-gold">
        Price
      </h3>
      {content}
    </section>
  );
}
