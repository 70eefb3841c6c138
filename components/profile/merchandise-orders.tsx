import { formatPrice } from '@/lib/money';
import { formatShortDate } from '@/lib/format';
import type { Profile } from '@/lib/schemas/auth';

/** The profile's confirmed T-shirt orders: date, sizes with quantities, and the total paid. */
export function MerchandiseOrders({ orders }: { orders: Profile['merchandiseOrders'] }) {
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {orders.map((order) => (
        <li
          key={order.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-parchment/15 bg-black/30 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="font-display text-parchment">
              Ordered on <time dateTime={order.createdAt}>{formatShortDate(order.createdAt)}</time>
            </p>
            <p className="text-sm text-parchment/80">
              {order.lines.map((line) => `Size ${line.size} × ${line.qty}`).join(', ')}
            </p>
          </div>
          <p className="font-semibold text-gold tabular-nums">
            <span className="sr-only">Total paid </span>
            {formatPrice({ rupees: order.totalPrice })}
          </p>
        </li>
      ))}
    </ul>
  );
}
