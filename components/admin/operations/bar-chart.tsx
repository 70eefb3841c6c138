import { percentOf } from './figures';

export interface Bar {
  label: string;
  value: number;
  /** The figure as read aloud and shown, e.g. '12 of 40' or '₹1,200.00'. */
  text: string;
  /** What a full bar stands for (stock, capacity); the largest value of the chart when left out. */
  of?: number;
}

/**
 * A bar chart drawn on the server as a table: each row's figure is text (what screen readers and
 * printouts get) and the bar beside it is decoration, hidden from assistive technology.
 */
export function BarChart({
  caption,
  labelHeader,
  valueHeader,
  bars,
  empty = 'Nothing yet.',
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  bars: Bar[];
  empty?: string;
}) {
  if (bars.length === 0) {
    return (
      <div className="mt-3">
        <p className="font-display text-lg text-parchment">{caption}</p>
        <p className="mt-1 text-parchment/80">{empty}</p>
      </div>
    );
  }
  const largest = Math.max(1, ...bars.map((b) => b.value));
  return (
    <table className="mt-3 w-full table-fixed border-collapse text-left">
      <caption className="mb-2 text-left font-display text-lg text-parchment">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label} className="border-t border-white/10 align-top">
            <th
              scope="row"
              className="w-2/5 py-2 pr-3 text-sm font-normal break-words text-parchment sm:text-base"
            >
              {bar.label}
            </th>
            <td className="py-2">
              <span className="block text-sm text-parchment sm:text-base">{bar.text}</span>
              <span aria-hidden="true" className="mt-1 block h-2 w-full rounded bg-white/10">
                <span
                  className="block h-2 rounded bg-gold"
                  style={{ width: `${percentOf(bar.value, bar.of ?? largest)}%` }}
                />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
