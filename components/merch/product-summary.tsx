import { formatPrice } from '@/lib/money';
import type { MerchandiseProduct } from '@/lib/schemas/shop-rules';

/** Name, description, fit and price (with the old price struck through) of the product on sale. */
export function ProductSummary({ product, headingId }: { product: MerchandiseProduct; headingId: string }) {
  const oldPrice = product.oldPrice !== null && product.oldPrice > product.price ? product.oldPrice : null;
  return (
    <div className="flex flex-col gap-4">
      <h2 id={headingId} className="font-display text-2xl leading-tight text-gold sm:text-3xl">
        {product.name}
      </h2>
      <p className="text-parchment/90">{product.description}</p>
      <dl className="flex items-baseline gap-3">
        <dt className="font-display text-sm tracking-wide text-gold">Fit</dt>
        <dd>Oversized</dd>
      </dl>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="sr-only">Price: </span>
        <span className="font-display text-3xl text-gold tabular-nums">
          {formatPrice({ rupees: product.price })}
        </span>
        {oldPrice !== null ? (
          <del className="text-lg text-parchment/75 tabular-nums">
            <span className="sr-only">was </span>
            {formatPrice({ rupees: oldPrice })}
          </del>
        ) : null}
      </p>
    </div>
  );
}
