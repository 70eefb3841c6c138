'use client';

import { EditDeleteActions } from '@/components/admin/ui/edit-delete-actions';
import { HiddenBadge } from '@/components/admin/ui/hidden-badge';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import type { AdminSession, AdminVenue } from '@/lib/schemas/admin-timetable';
import { sessionTitle, timeRange } from '@/lib/timetable';
import type { CategoryChoice } from './event-select';
import { SessionForm } from './session-form';
import { changeWarning, mailedNote, plural, sessionAbout } from './timetable-text';

/**
 * One session in the console: event (marked when hidden), round, time, venue and registrations, its
 * clashes in words, then edit and a two-step delete. A session whose event has registrations says,
 * before any change, that moving or deleting it mails every registered member.
 */
export function SessionRow({
  session,
  clashes,
  categories,
  venues,
  onMailed,
}: {
  session: AdminSession;
  /** "Clashes with ..." for each session it overlaps in its venue. */
  clashes: readonly string[];
  categories: readonly CategoryChoice[];
  venues: readonly AdminVenue[];
  onMailed: (note: string) => void;
}) {
  const { write, busy } = useConsoleWrite();
  const about = sessionAbout(session);
  const warning = changeWarning(session);

  async function remove(): Promise<string | null> {
    const mailed: { note?: string } = {};
    const result = await write(async () => {
      const answer = await api.delete<{ membersMailed: number }>(`/api/admin/session/${session.id}`);
      mailed.note = mailedNote(answer.data.membersMailed, 'cancelled');
      return { ...answer, message: `${answer.message}. ${mailed.note}` };
    }, 'The session could not be deleted.');
    if (!result.ok) return result.message;
    onMailed(`${sessionTitle(session)} deleted. ${mailed.note}`);
    return null;
  }

  return (
    <li
      className={`rounded-xl border p-3 sm:p-4 ${clashes.length > 0 ? 'border-amber-300/60' : 'border-gold/25'} bg-black/35`}
    >
      <h4 className="break-words font-display text-lg text-parchment">
        {session.eventName}
        <HiddenBadge hidden={!session.eventVisible} />
      </h4>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-parchment/85">
        <span>{session.roundName ?? 'One sitting'}</span>
        <span className="font-semibold text-parchment">{timeRange(session.startsAt, session.endsAt)}</span>
        <span>{session.venueName}</span>
        <span>{plural(session.registrationCount, 'registration')}</span>
      </p>
      {clashes.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm text-amber-100">
          {clashes.map((clash) => (
            <li key={clash} className="rounded-lg border border-amber-300/50 bg-amber-950/50 px-3 py-1.5">
              <span aria-hidden="true">⚠ </span>
              {clash}
            </li>
          ))}
        </ul>
      ) : null}
      {warning ? <p className="mt-2 text-sm text-parchment/80">{warning}</p> : null}
      <EditDeleteActions
        about={about}
        busy={busy}
        onDelete={remove}
        edit={(close) => (
          <SessionForm
            categories={categories}
            venues={venues}
            session={session}
            onDone={close}
            onMailed={onMailed}
          />
        )}
      />
    </li>
  );
}
