'use client';

import { useId, useState, type ReactNode } from 'react';
import { actionButtonClass } from './buttons';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { HiddenBadge } from './hidden-badge';
import { ReorderButtons } from './reorder-buttons';

export interface ContentRowProps {
  name: string;
  detail?: ReactNode;
  /** A small preview of the item's picture. */
  imageUrl?: string | null;
  /** Not shown publicly (or, for a size, switched off): marked with `hiddenLabel`. */
  hidden: boolean;
  hiddenLabel?: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  /** The switch's word for the action it would take now: Hide or Show, Disable or Enable. */
  toggleLabel?: string;
  onToggle?: () => void;
  onDelete: () => Promise<string | null>;
  /** The edit form; it calls `close` once saved or cancelled. */
  edit: (close: () => void) => ReactNode;
  busy?: boolean;
  /** What the item holds (a group's members, a product's sizes), under its own actions. */
  children?: ReactNode;
}

/** One item of an ordered console list: what it is, then move, hide or show, edit and delete. */
export function ContentRow({
  name,
  detail,
  imageUrl,
  hidden,
  hiddenLabel,
  index,
  count,
  onMove,
  toggleLabel,
  onToggle,
  onDelete,
  edit,
  busy = false,
  children,
}: ContentRowProps) {
  const [editing, setEditing] = useState(false);
  const editId = useId();
  return (
    <li
      className={`rounded-xl border p-3 sm:p-4 ${hidden ? 'border-parchment/15 bg-black/20' : 'border-gold/25 bg-black/35'}`}
    >
      <div className="flex items-center gap-3">
        {imageUrl ? (
          // A plain img: previews of any stored file or static art, small and never a page's largest paint.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={imageUrl}
            alt=""
            className="h-12 w-12 shrink-0 rounded-lg bg-parchment/90 object-contain"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p
            className={`break-words font-display text-lg ${hidden ? 'text-parchment/70' : 'text-parchment'}`}
          >
            {name}
            <HiddenBadge hidden={hidden} label={hiddenLabel} />
          </p>
          {detail ? <div className="break-words text-sm text-parchment/80">{detail}</div> : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <ReorderButtons name={name} index={index} count={count} onMove={onMove} disabled={busy} />
        {onToggle && toggleLabel ? (
          <button
            type="button"
            className={actionButtonClass}
            onClick={onToggle}
            disabled={busy}
            aria-label={`${toggleLabel} ${name}`}
          >
            {toggleLabel}
          </button>
        ) : null}
        <button
          type="button"
          className={actionButtonClass}
          onClick={() => setEditing((open) => !open)}
          aria-expanded={editing}
          aria-controls={editing ? editId : undefined}
          aria-label={`Edit ${name}`}
        >
          Edit
        </button>
        <ConfirmDeleteButton name={name} onDelete={onDelete} disabled={busy} />
      </div>
      {editing ? (
        <div id={editId} className="mt-4 rounded-lg border border-parchment/15 bg-night/60 p-3 sm:p-4">
          {edit(() => setEditing(false))}
        </div>
      ) : null}
      {children}
    </li>
  );
}
