'use client';

import { actionButtonClass } from './buttons';

/** Move up / move down for one item of an ordered list; each button names the item for screen readers. */
export function ReorderButtons({
  name,
  index,
  count,
  onMove,
  disabled = false,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={actionButtonClass}
        onClick={() => onMove(-1)}
        disabled={disabled || index === 0}
        aria-label={`Move ${name} up`}
        title="Move up"
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={actionButtonClass}
        onClick={() => onMove(1)}
        disabled={disabled || index === count - 1}
        aria-label={`Move ${name} down`}
        title="Move down"
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}

/** The ids in their new order after moving the item at `index` one place, or null at either end. */
export function movedIds(ids: readonly number[], index: number, direction: -1 | 1): number[] | null {
  const target = index + direction;
  if (target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
