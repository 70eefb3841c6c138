'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { submitOnce } from '@/components/forms/submit-once';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { showFieldErrors, useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import {
  sessionSchema,
  type AdminSession,
  type AdminVenue,
  type SessionInput,
  type SessionValues,
} from '@/lib/schemas/admin-timetable';
import { festivalEnd, festivalStart, localInputValue, sessionTitle } from '@/lib/timetable';
import { EventSelect, type CategoryChoice } from './event-select';
import { changeWarning, mailedNote } from './timetable-text';

// The date-time fields offer the festival's days only (the server refuses anything outside them anyway).
const earliest = localInputValue(festivalStart);
const latest = localInputValue(festivalEnd);
const timeHint = 'India time, 20 to 23 February.';

function defaultsFor(session?: AdminSession): SessionInput {
  return {
    eventId: session?.eventId ?? '',
    venueId: session?.venueId ?? '',
    roundName: session?.roundName ?? '',
    startsAt: session ? localInputValue(session.startsAt) : '',
    endsAt: session ? localInputValue(session.endsAt) : '',
  };
}

/**
 * Adds a session (without `session`) or changes one: its time, venue or round; the event stays. The
 * form is checked with the API's own schema. A change that moved the session says how many registered
 * members the server mailed (`onMailed`), beside the toast.
 */
export function SessionForm({
  categories,
  venues,
  session,
  onDone,
  onMailed,
}: {
  categories: readonly CategoryChoice[];
  venues: readonly AdminVenue[];
  session?: AdminSession;
  onDone: () => void;
  onMailed: (note: string) => void;
}) {
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SessionInput, unknown, SessionValues>({
    resolver: zodResolver(sessionSchema),
    defaultValues: defaultsFor(session),
  });
  const warning = session ? changeWarning(session) : null;

  async function save(values: SessionValues) {
    // Filled in by the answer to a change (a closure's assignment, which TypeScript cannot follow).
    const mailed: { note?: string } = {};
    const result = await write(async () => {
      if (!session) return api.post('/api/admin/session', values);
      // The event of a session never changes: a PATCH names the rest.
      const { venueId, roundName, startsAt, endsAt } = values;
      const answer = await api.patch<{ membersMailed: number }>(`/api/admin/session/${session.id}`, {
        venueId,
        roundName,
        startsAt,
        endsAt,
      });
      mailed.note = mailedNote(answer.data.membersMailed, 'moved');
      return { ...answer, message: `${answer.message}. ${mailed.note}` };
    }, 'The session could not be saved.');
    if (result.ok) {
      if (session && mailed.note) onMailed(`${sessionTitle(session)} saved. ${mailed.note}`);
      onDone();
    } else {
      showFieldErrors(result.error, setError);
    }
  }

  return (
    <ConsoleForm
      onSubmit={submitOnce(isSubmitting, handleSubmit(save))}
      pending={isSubmitting}
      saveLabel={session ? 'Save session' : 'Add session'}
      onCancel={onDone}
    >
      {session ? (
        <p className="text-parchment">
          Event: <span className="font-display">{session.eventName}</span>
        </p>
      ) : (
        <EventSelect categories={categories} error={errors.eventId?.message} {...register('eventId')} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts at"
          type="datetime-local"
          min={earliest}
          max={latest}
          hint={timeHint}
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField
          label="Ends at"
          type="datetime-local"
          min={earliest}
          max={latest}
          hint={timeHint}
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
        <SelectField
          label="Venue"
          placeholder="Choose a venue"
          options={venues.map((v) => ({ value: String(v.id), label: v.name }))}
          error={errors.venueId?.message}
          {...register('venueId')}
        />
        <TextField
          label="Round (optional)"
          hint="Prelims, Finals… Leave empty when the event has one sitting."
          error={errors.roundName?.message}
          {...register('roundName')}
        />
      </div>
      {warning ? (
        <p className="rounded-lg border border-amber-300/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
          {warning}
        </p>
      ) : session ? null : (
        <p className="text-sm text-parchment/80">
          Adding a session mails nobody; registered members see it on the schedule and their profile.
        </p>
      )}
    </ConsoleForm>
  );
}
