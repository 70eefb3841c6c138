import { hintClass } from '@/components/forms/field-classes';
import type { MerchandiseVariant } from '@/lib/schemas/shop-rules';

/**
 * The size buttons: each available size adds one to the cart; sold-out sizes (and sizes not sold) are
 * disabled and crossed out. A sold-out size's waiting list is below, in SoldOutSizes.
 */
export function SizePicker({
  variants,
  onAdd,
}: {
  variants: readonly MerchandiseVariant[];
  onAdd: (variant: MerchandiseVariant) => void;
}) {
  const anySoldOut = variants.some((v) => v.isOnSale && !v.isAvailable);
  return (
    <div role="group" aria-labelledby="size-heading" aria-describedby="size-hint">
      <h3 id="size-heading" className="font-display text-sm tracking-wide text-gold">
        Sizes
      </h3>
      <p id="size-hint" className={hintClass}>
        Choose a size to add it to your cart. Crossed-out sizes are sold out
        {anySoldOut ? ': you can join their waiting list below.' : '.'}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {variants.map((variant) => (
          <li key={variant.id}>
            <button
              type="button"
              disabled={!variant.isAvailable}
              aria-label={sizeLabel(variant)}
              onClick={() => onAdd(variant)}
              className="inline-flex min-h-11 min-w-14 items-center justify-center rounded-lg border border-gold/50 bg-black/30 px-3 font-display text-parchment transition hover:border-gold hover:bg-gold/10 disabled:cursor-not-allowed disabled:border-parchment/20 disabled:text-parchment/45 disabled:line-through disabled:hover:bg-black/30"
            >
              {variant.type}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function sizeLabel(variant: MerchandiseVariant): string {
  if (variant.isAvailable) return `Add size ${variant.type} to cart`;
  return variant.isOnSale ? `Size ${variant.type}, sold out` : `Size ${variant.type}, not available`;
}
