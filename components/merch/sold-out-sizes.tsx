import { hintClass } from '@/components/forms/field-classes';
import { WaitingListAction, type ShopEntry } from '@/components/waiting-lists/shop-waiting-list';
import type { MerchandiseVariant } from '@/lib/schemas/shop-rules';

/**
 * The sold-out sizes with their waiting lists (docs/waiting-lists.md): the caller's place in line, their
 * standing offer, or "Join the waiting list". A size switched off by the organisers has no list.
 */
export function SoldOutSizes({
  variants,
  entryFor,
  joining,
  justJoined,
  onJoin,
}: {
  variants: readonly MerchandiseVariant[];
  entryFor: (variantId: number) => ShopEntry | null;
  joining: number | null;
  justJoined: number | null;
  onJoin: (variant: MerchandiseVariant) => void;
}) {
  const soldOut = variants.filter((v) => v.isOnSale && !v.isAvailable);
  if (soldOut.length === 0) return null;
  return (
    <section aria-labelledby="sold-out-heading" aria-describedby="sold-out-hint">
      <h3 id="sold-out-heading" className="font-display text-sm tracking-wide text-gold">
        Sold out
      </h3>
      <p id="sold-out-hint" className={hintClass}>
        When a T-shirt of a sold-out size frees up, the first on its waiting list gets it held for a while and
        an e-mail with a link to pay.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {soldOut.map((variant) => (
          <li
            key={variant.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-parchment/15 bg-black/30 px-4 py-2"
          >
            <span>
              <span className="font-display text-parchment">Size {variant.type}</span>
              <span className="text-parchment/80"> — sold out</span>
            </span>
            <WaitingListAction
              kind="merchandise_variant"
              entry={entryFor(variant.id)}
              name={`size ${variant.type}`}
              busy={joining === variant.id}
              justJoined={justJoined === variant.id}
              onJoin={() => onJoin(variant)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
