'use client';

import { useId, useState, type ReactNode } from 'react';
import { ActionButton } from './action-button';
import { ConfirmDeleteButton } from './confirm-delete-button';

/**
 * A console row's buttons (any of its own first, then Edit and a two-step Delete) and, below them, the
 * edit form Edit opens: one place for the toggle, its aria wiring and the panel around the form.
 */
export function EditDeleteActions({
  about,
  busy,
  onDelete,
  edit,
  before,
}: {
  /** The record's name, for the buttons' accessible names. */
  about: string;
  busy: boolean;
  /** Answers null when deleted, or the server's message when refused. */
  onDelete: () => Promise<string | null>;
  /** The edit form, given the function that closes it. */
  edit: (close: () => void) => ReactNode;
  /** Buttons of the row's own, shown before Edit. */
  before?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const editId = useId();
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {before}
        <ActionButton
          about={about}
          onClick={() => setEditing((open) => !open)}
          aria-expanded={editing}
          aria-controls={editing ? editId : undefined}
        >
          Edit
        </ActionButton>
        <ConfirmDeleteButton name={about} onDelete={onDelete} disabled={busy} />
      </div>
      {editing ? (
        <div id={editId} className="mt-4 rounded-lg border border-parchment/15 bg-night/60 p-3 sm:p-4">
          {edit(() => setEditing(false))}
        </div>
      ) : null}
    </>
  );
}
