'use client';

import type { ReactNode } from 'react';
import { GroupedListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { WaitingListLink } from '@/components/admin/waiting-lists/waiting-list-link';
import type { AdminCategoryWithEvents } from '@/lib/schemas/admin-events';
import { countOf } from '@/lib/plural';
import type { LiveEntryCounts } from '@/lib/schemas/waiting-lists';
import { CategoryForm } from './category-form';
import { EventForm } from './event-form';

function Badge({ children, tone }: { children: ReactNode; tone: 'ok' | 'off' | 'muted' }) {
  const style = {
    ok: 'border-emerald-400/60 text-emerald-200',
    off: 'border-red-400/60 text-red-200',
    muted: 'border-parchment/40 text-parchment/80',
  }[tone];
  return <span className={`rounded-full border px-2 py-0.5 text-xs ${style}`}>{children}</span>;
}

/**
 * The events section of the console: categories in their public order, each with its events. A category
 * is a region named by it, so a screen reader can jump from one to the next; its buttons say "category"
 * to tell them from its events'. Events are reordered within their category, which the API names.
 */
export function EventsConsole({
  categories,
  waiting = {},
}: {
  categories: AdminCategoryWithEvents[];
  /** People waiting and offered per limited option id, for the links to the waiting lists. */
  waiting?: LiveEntryCounts;
}) {
  return (
    <GroupedListConsole
      group={{ resource: 'event-category', what: 'category' }}
      item={{ resource: 'event', what: 'event' }}
      addLabel="New category"
      emptyText="No categories yet: create the first one."
      groups={categories}
      view={(category) => ({
        name: category.name,
        about: `category ${category.name}`,
        region: true,
        detail: <Badge tone="muted">{countOf(category.eventCount, 'event')}</Badge>,
        hidden: !category.isVisible,
        toggles: [visibilityToggle(category.isVisible)],
      })}
      form={(close, category) => <CategoryForm category={category} onDone={close} />}
      itemsOf={(category) => category.events}
      itemsHeading={(category) => `Events in ${category.name}`}
      itemsEmptyText="No events in this category yet."
      itemView={(event) => ({
        name: event.name,
        headingLevel: 3,
        detail: (
          <span className="mt-1 flex flex-wrap gap-2">
            {event.isRegistrationOpen ? (
              <Badge tone="ok">Registration open</Badge>
            ) : (
              <Badge tone="off">Registration closed</Badge>
            )}
            <Badge tone="muted">{countOf(event.registrationCount, 'registration')}</Badge>
            {event.participations
              .filter((o) => o.placeLimit !== null)
              .map((o) => (
                <span key={o.id} className="inline-flex flex-wrap items-center gap-2">
                  <Badge tone={o.placesTaken >= o.placeLimit! ? 'off' : 'muted'}>
                    {`${o.participationName}: ${o.placesTaken} / ${countOf(o.placeLimit!, 'place')}`}
                  </Badge>
                  <WaitingListLink
                    kind="participation_option"
                    itemId={o.id}
                    about={`${o.participationName} in ${event.name}`}
                    counts={waiting[o.id]}
                  />
                </span>
              ))}
          </span>
        ),
        hidden: !event.isVisible,
        toggles: [
          {
            field: 'isRegistrationOpen',
            value: event.isRegistrationOpen,
            label: event.isRegistrationOpen ? 'Close registration' : 'Open registration',
          },
          visibilityToggle(event.isVisible),
        ],
      })}
      itemForm={(close, category, event) => (
        <EventForm categories={categories} categoryId={category.id} event={event} onDone={close} />
      )}
      addItemLabel={(category) => `New event in ${category.name}`}
      itemReorderBody={(category) => ({ categoryId: category.id })}
    />
  );
}
