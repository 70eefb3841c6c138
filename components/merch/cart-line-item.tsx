'use client';

import { useRef } from 'react';
import { formatPrice } from '@/lib/money';
import type { CartLine } from '@/lib/schemas/shop-rules';
import { maxQtyPerSize } from './cart';

const stepClass =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-gold/50 text-xl leading-none text-gold transition hover:bg-gold/10 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * One cart line: size, unit price, quantity with minus (only above 1) and plus, line total and remove. A
 * size held for the buyer by a waiting list's offer says so, and is one unit at most.
 */
export function CartLineItem({
  line,
  unitPrice,
  held = false,
  onIncrease,
  onDecrease,
  onRemove,
}: {
  line: CartLine;
  unitPrice: number;
  held?: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}) {
  const maxQty = held ? 1 : maxQtyPerSize;
  const plusRef = useRef<HTMLButtonElement>(null);
  const size = line.variant.type;

  function decrease() {
    // The minus button goes away at 1: keep the keyboard on the quantity controls.
    if (line.qty - 1 <= 1) plusRef.current?.focus();
    onDecrease();
  }

  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 rounded-xl border border-parchment/15 bg-black/30 px-4 py-3">
      <div className="min-w-0">
        <p className="font-display text-parchment">Size {size}</p>
        <p className="text-sm text-parchment/75 tabular-nums">{formatPrice({ rupees: unitPrice })} each</p>
        {held ? <p className="text-sm text-emerald-200">Held for you</p> : null}
      </div>
      <p className="text-right font-semibold text-gold tabular-nums">
        <span className="sr-only">Line total </span>
        {formatPrice({ rupees: line.totalPrice })}
      </p>
      <div className="flex items-center gap-1">
        {line.qty > 1 ? (
          <button
            type="button"
            onClick={decrease}
            aria-label={`Decrease quantity of size ${size}`}
            className={stepClass}
          >
            <span aria-hidden="true">−</span>
          </button>
        ) : (
          <span aria-hidden="true" className="h-10 w-10" />
        )}
        <span className="min-w-8 text-center font-semibold tabular-nums">
          <span className="sr-only">Quantity </span>
          {line.qty}
        </span>
        <button
          ref={plusRef}
          type="button"
          onClick={onIncrease}
          disabled={line.qty >= maxQty}
          aria-label={`Increase quantity of size ${size}`}
          className={stepClass}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="min-h-10 justify-self-end rounded-full px-3 text-sm text-parchment/85 underline decoration-parchment/40 underline-offset-4 transition hover:text-gold"
      >
        Remove<span className="sr-only"> size {size}</span>
      </button>
    </li>
  );
}
