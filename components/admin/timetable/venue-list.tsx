'use client';

import { textLinkClass } from '@/components/forms/field-classes';
import { AddPanel } from '@/components/admin/ui/add-panel';
import { EditDeleteActions } from '@/components/admin/ui/edit-delete-actions';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import type { AdminVenue } from '@/lib/schemas/admin-timetable';
import { plural } from './timetable-text';
import { VenueForm } from './venue-form';

function VenueRow({ venue }: { venue: AdminVenue }) {
  const { write, busy } = useConsoleWrite();
  const about = `venue ${venue.name}`;

  // A venue still holding sessions is refused by the server (409); its message stays beside the row.
  async function remove(): Promise<string | null> {
    const result = await write(
      () => api.delete(`/api/admin/venue/${venue.id}`),
      'The venue could not be deleted.',
    );
    return result.ok ? null : result.message;
  }

  return (
    <li className="rounded-xl border border-gold/25 bg-black/35 p-3 sm:p-4">
      <h3 className="break-words font-display text-lg text-parchment">{venue.name}</h3>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-parchment/85">
        {venue.mapUrl ? (
          <a href={venue.mapUrl} target="_blank" rel="noopener noreferrer" className={textLinkClass}>
            Map<span className="sr-only"> of {venue.name} (opens in a new tab)</span>
          </a>
        ) : (
          <span>No map link</span>
        )}
        <span>{plural(venue.sessionCount, 'session')}</span>
      </p>
      <EditDeleteActions
        about={about}
        busy={busy}
        onDelete={remove}
        edit={(close) => <VenueForm venue={venue} onDone={close} />}
      />
    </li>
  );
}

/** The venues sessions are held in, with how many each holds; one in use cannot be deleted. */
export function VenueList({ venues }: { venues: readonly AdminVenue[] }) {
  return (
    <>
      <AddPanel label="Add a venue">{(close) => <VenueForm onDone={close} />}</AddPanel>
      {venues.length === 0 ? (
        <p className="mt-4 text-parchment/80">No venues yet: add one before adding sessions.</p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {venues.map((venue) => (
            <VenueRow key={venue.id} venue={venue} />
          ))}
        </ul>
      )}
    </>
  );
}
