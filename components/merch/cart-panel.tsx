'use client';

import { useRef, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { formatPrice } from '@/lib/money';
import { cartTotal, type CartLine } from '@/lib/schemas/shop-rules';
import { CartLineItem } from './cart-line-item';

/** The cart: its lines, the total and 'Book your Merchandise' (disabled while the cart is empty). */
export function CartPanel({
  cart,
  unitPrice,
  heldVariantId = null,
  busy,
  onIncrease,
  onDecrease,
  onRemove,
  onBook,
}: {
  cart: readonly CartLine[];
  unitPrice: number;
  /** The size a waiting list's offer holds for the buyer, if any. */
  heldVariantId?: number | null;
  busy: boolean;
  onIncrease: (variantId: number) => void;
  onDecrease: (variantId: number) => void;
  onRemove: (variantId: number) => void;
  onBook: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  function remove(variantId: number) {
    onRemove(variantId);
    // The line and its button are gone: keep the keyboard in the cart.
    headingRef.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy && cart.length > 0) onBook();
  }

  return (
    <section
      aria-labelledby="cart-heading"
      className="rounded-2xl border border-gold/30 bg-night/80 p-4 shadow-2xl shadow-black/60 sm:p-6"
    >
      <h3 id="cart-heading" ref={headingRef} tabIndex={-1} className="font-display text-lg text-gold">
        Your cart
      </h3>
      {cart.length === 0 ? (
        <p className="mt-3 text-parchment/85">Your cart is empty. Choose a size to add a tee.</p>
      ) : (
        <ul aria-label="Cart items" className="mt-3 flex flex-col gap-3">
          {cart.map((line) => (
            <CartLineItem
              key={line.variant.id}
              line={line}
              unitPrice={unitPrice}
              held={line.variant.id === heldVariantId}
              onIncrease={() => onIncrease(line.variant.id)}
              onDecrease={() => onDecrease(line.variant.id)}
              onRemove={() => remove(line.variant.id)}
            />
          ))}
        </ul>
      )}
      <p
        aria-live="polite"
        aria-atomic="true"
        className="mt-4 flex items-baseline justify-between gap-3 border-t border-parchment/15 pt-4"
      >
        <span className="font-display tracking-wide text-gold">Total</span>
        <span className="font-display text-2xl text-gold tabular-nums">
          {formatPrice({ rupees: cartTotal([...cart]) })}
        </span>
      </p>
      <form noValidate onSubmit={submit} className="mt-4">
        <SubmitButton disabled={cart.length === 0} pending={busy}>
          Book your Merchandise
        </SubmitButton>
      </form>
    </section>
  );
}
