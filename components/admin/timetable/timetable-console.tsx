'use client';

import { useState } from 'react';
import { AddPanel } from '@/components/admin/ui/add-panel';
import type { AdminTimetable } from '@/lib/schemas/admin-timetable';
import { ClashSummary } from './clash-summary';
import type { CategoryChoice } from './event-select';
import { SessionDays } from './session-days';
import { SessionForm } from './session-form';
import { VenueList } from './venue-list';

/**
 * The timetable console: clashes first (they need fixing), then the venues, then every session by day.
 * Each write reloads the page's data (useConsoleWrite), so counts, clashes and days follow at once. The
 * last change's mail count stays in view under the sessions' heading, as a toast closes by itself.
 */
export function TimetableConsole({
  timetable,
  categories,
}: {
  timetable: AdminTimetable;
  categories: readonly CategoryChoice[];
}) {
  const [mailNote, setMailNote] = useState<string | null>(null);
  const { venues, sessions, clashes } = timetable;
  return (
    <>
      <ClashSummary clashes={clashes} />

      <section aria-labelledby="timetable-venues" className="mt-8">
        <h2 id="timetable-venues" className="font-display text-2xl text-gold">
          Venues
        </h2>
        <VenueList venues={venues} />
      </section>

      <section aria-labelledby="timetable-sessions" className="mt-10">
        <h2 id="timetable-sessions" className="font-display text-2xl text-gold">
          Sessions
        </h2>
        <p role="status" className="mt-2 text-sm text-parchment empty:hidden">
          {mailNote}
        </p>
        {venues.length === 0 ? (
          <p className="mt-3 text-parchment/80">Add a venue first: every session is held in one.</p>
        ) : (
          <AddPanel label="Add a session">
            {(close) => (
              <SessionForm categories={categories} venues={venues} onDone={close} onMailed={setMailNote} />
            )}
          </AddPanel>
        )}
        {sessions.length === 0 ? (
          <p className="mt-4 text-parchment/80">
            No sessions yet: the public schedule shows its placeholder rows until the first one is added.
          </p>
        ) : null}
        <SessionDays
          sessions={sessions}
          clashes={clashes}
          categories={categories}
          venues={venues}
          onMailed={setMailNote}
        />
      </section>
    </>
  );
}
