'use client';

import { useId, type ReactNode } from 'react';
import { ActionButton } from './action-button';
import { EditDeleteActions } from './edit-delete-actions';
import { HiddenBadge } from './hidden-badge';
import { ReorderButtons } from './reorder-buttons';

/** A flag a row switches: the word for the action it would take now (Hide or Show...) and the switch. */
export interface RowSwitch {
  label: string;
  onToggle: () => void;
}

export interface ContentRowProps {
  name: string;
  /**
   * How the row's buttons name the item for screen readers, when the name alone would not tell it from
   * the rows around it ("category Dance" beside the event "Dance Battle"). The name by default.
   */
  about?: string;
  detail?: ReactNode;
  /** A small preview of the item's picture. */
  imageUrl?: string | null;
  /** Not shown publicly (or, for a size, switched off): marked with `hiddenLabel`. */
  hidden: boolean;
  hiddenLabel?: string;
  /** The name as a heading of this level, for rows a screen reader jumps between; else a paragraph. */
  headingLevel?: 2 | 3 | 4;
  /** The row as a region named by the item, for a row holding a list of its own (a category's events). */
  region?: boolean;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  switches?: readonly RowSwitch[];
  onDelete: () => Promise<string | null>;
  /** The edit form; it calls `close` once saved or cancelled. */
  edit: (close: () => void) => ReactNode;
  busy?: boolean;
  /** What the item holds (a group's members, a product's sizes), under its own actions. */
  children?: ReactNode;
}

/** One item of an ordered console list: what it is, then move, its switches, edit and delete. */
export function ContentRow({
  name,
  about = name,
  detail,
  imageUrl,
  hidden,
  hiddenLabel,
  headingLevel,
  region = false,
  index,
  count,
  onMove,
  switches = [],
  onDelete,
  edit,
  busy = false,
  children,
}: ContentRowProps) {
  const nameId = useId();
  const Name = headingLevel ? (`h${headingLevel}` as const) : 'p';
  const content = (
    <>
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
          <Name
            id={region ? nameId : undefined}
            className={`break-words font-display text-lg ${hidden ? 'text-parchment/70' : 'text-parchment'}`}
          >
            {name}
            <HiddenBadge hidden={hidden} label={hiddenLabel} />
          </Name>
          {detail ? <div className="break-words text-sm text-parchment/80">{detail}</div> : null}
        </div>
      </div>
      <EditDeleteActions
        about={about}
        busy={busy}
        onDelete={onDelete}
        edit={edit}
        before={
          <>
            <ReorderButtons name={about} index={index} count={count} onMove={onMove} disabled={busy} />
            {switches.map((s) => (
              <ActionButton key={s.label} about={about} onClick={s.onToggle} disabled={busy}>
                {s.label}
              </ActionButton>
            ))}
          </>
        }
      />
      {children}
    </>
  );
  return (
    <li
      className={`rounded-xl border p-3 sm:p-4 ${hidden ? 'border-parchment/15 bg-black/20' : 'border-gold/25 bg-black/35'}`}
    >
      {region ? <section aria-labelledby={nameId}>{content}</section> : content}
    </li>
  );
}
