'use client';

import { useState, type ReactNode } from 'react';
import { ActionButton as Action } from '@/components/admin/ui/action-button';
import { movedIds } from '@/components/admin/ui/reorder-buttons';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import type { AdminCategoryWithEvents, AdminEvent } from '@/lib/schemas/admin-events';
import { CategoryForm } from './category-form';
import { EventForm } from './event-form';

type Editing =
  | { kind: 'new-category' }
  | { kind: 'category'; id: number }
  | { kind: 'new-event'; categoryId: number }
  | { kind: 'event'; id: number }
  | null;

function Badge({ children, tone }: { children: ReactNode; tone: 'ok' | 'off' | 'muted' }) {
  const style = {
    ok: 'border-emerald-400/60 text-emerald-200',
    off: 'border-red-400/60 text-red-200',
    muted: 'border-parchment/40 text-parchment/80',
  }[tone];
  return <span className={`rounded-full border px-2 py-0.5 text-xs ${style}`}>{children}</span>;
}

/**
 * The events section of the console: categories in their public order, each with its events. Every
 * button is one API call; after it the page's server data is reloaded, so what is shown is what is stored.
 */
export function EventsConsole({ categories }: { categories: AdminCategoryWithEvents[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const { write: run, busy } = useConsoleWrite();
  const close = () => setEditing(null);

  const reorderCategories = (index: number, direction: -1 | 1) => {
    const next = movedIds(
      categories.map((c) => c.id),
      index,
      direction,
    );
    if (next) {
      void run(
        () => api.post('/api/admin/event-category/reorder', { ids: next }),
        'The categories could not be reordered.',
      );
    }
  };

  const reorderEvents = (category: AdminCategoryWithEvents, index: number, direction: -1 | 1) => {
    const next = movedIds(
      category.events.map((e) => e.id),
      index,
      direction,
    );
    if (next) {
      void run(
        () => api.post('/api/admin/event/reorder', { categoryId: category.id, ids: next }),
        'The events could not be reordered.',
      );
    }
  };

  const patchEvent = (event: AdminEvent, change: Partial<AdminEvent>, failure: string) =>
    void run(() => api.patch(`/api/admin/event/${event.id}`, change), failure);

  const deleteCategory = (category: AdminCategoryWithEvents) => {
    if (!window.confirm(`Delete the category ${category.name}? This cannot be undone.`)) return;
    void run(
      () => api.delete(`/api/admin/event-category/${category.id}`),
      'The category could not be deleted.',
    );
  };

  const deleteEvent = (event: AdminEvent) => {
    if (!window.confirm(`Delete ${event.name} and its options? This cannot be undone.`)) return;
    void run(() => api.delete(`/api/admin/event/${event.id}`), 'The event could not be deleted.');
  };

  return (
    <div className="flex flex-col gap-8">
      <div>
        {editing?.kind === 'new-category' ? (
          <section aria-labelledby="new-category" className="rounded-2xl border border-gold/30 p-4">
            <h2 id="new-category" className="mb-4 font-display text-xl text-gold">
              New category
            </h2>
            <CategoryForm onDone={close} />
          </section>
        ) : (
          <button
            type="button"
            onClick={() => setEditing({ kind: 'new-category' })}
            className="min-h-12 rounded-full bg-gold px-6 font-display tracking-wide text-ink hover:bg-amber-300"
          >
            New category
          </button>
        )}
      </div>

      {categories.length === 0 ? <p>No categories yet: create the first one.</p> : null}

      {categories.map((category, categoryIndex) => {
        const headingId = `category-${category.id}`;
        return (
          <section
            key={category.id}
            aria-labelledby={headingId}
            className="rounded-2xl border border-gold/20 bg-black/20 p-4"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="font-display text-2xl text-gold">
                {category.name}
              </h2>
              {category.isVisible ? null : <Badge tone="off">Hidden</Badge>}
              <Badge tone="muted">
                {category.eventCount} event{category.eventCount === 1 ? '' : 's'}
              </Badge>
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Action
                about={`category ${category.name}`}
                onClick={() => reorderCategories(categoryIndex, -1)}
                disabled={busy || categoryIndex === 0}
              >
                Move up
              </Action>
              <Action
                about={`category ${category.name}`}
                onClick={() => reorderCategories(categoryIndex, 1)}
                disabled={busy || categoryIndex === categories.length - 1}
              >
                Move down
              </Action>
              <Action
                about={`category ${category.name}`}
                disabled={busy}
                onClick={() =>
                  void run(
                    () =>
                      api.patch(`/api/admin/event-category/${category.id}`, {
                        isVisible: !category.isVisible,
                      }),
                    'The category could not be changed.',
                  )
                }
              >
                {category.isVisible ? 'Hide' : 'Show'}
              </Action>
              <Action
                about={`category ${category.name}`}
                onClick={() => setEditing({ kind: 'category', id: category.id })}
              >
                Edit
              </Action>
              <Action about={`category ${category.name}`} onClick={() => deleteCategory(category)} danger>
                Delete
              </Action>
            </div>

            {editing?.kind === 'category' && editing.id === category.id ? (
              <div className="mt-4 rounded-xl border border-gold/30 p-4">
                <h3 className="mb-4 font-display text-lg text-gold">Edit category</h3>
                <CategoryForm category={category} onDone={close} />
              </div>
            ) : null}

            {category.events.length === 0 ? (
              <p className="mt-4 text-parchment/80">No events in this category yet.</p>
            ) : (
              <ul className="mt-4 flex flex-col gap-3">
                {category.events.map((event, eventIndex) => (
                  <li key={event.id} className="rounded-xl border border-parchment/15 bg-night/60 p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-display text-lg text-parchment">{event.name}</h3>
                      {event.isRegistrationOpen ? (
                        <Badge tone="ok">Registration open</Badge>
                      ) : (
                        <Badge tone="off">Registration closed</Badge>
                      )}
                      {event.isVisible ? null : <Badge tone="off">Hidden</Badge>}
                      <Badge tone="muted">
                        {event.registrationCount} registration{event.registrationCount === 1 ? '' : 's'}
                      </Badge>
                    </div>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Action
                        about={event.name}
                        disabled={busy}
                        onClick={() =>
                          patchEvent(
                            event,
                            { isRegistrationOpen: !event.isRegistrationOpen },
                            'Registration could not be changed.',
                          )
                        }
                      >
                        {event.isRegistrationOpen ? 'Close registration' : 'Open registration'}
                      </Action>
                      <Action
                        about={event.name}
                        disabled={busy}
                        onClick={() =>
                          patchEvent(
                            event,
                            { isVisible: !event.isVisible },
                            'The event could not be changed.',
                          )
                        }
                      >
                        {event.isVisible ? 'Hide' : 'Show'}
                      </Action>
                      <Action
                        about={event.name}
                        onClick={() => reorderEvents(category, eventIndex, -1)}
                        disabled={busy || eventIndex === 0}
                      >
                        Move up
                      </Action>
                      <Action
                        about={event.name}
                        onClick={() => reorderEvents(category, eventIndex, 1)}
                        disabled={busy || eventIndex === category.events.length - 1}
                      >
                        Move down
                      </Action>
                      <Action about={event.name} onClick={() => setEditing({ kind: 'event', id: event.id })}>
                        Edit
                      </Action>
                      <Action about={event.name} onClick={() => deleteEvent(event)} danger>
                        Delete
                      </Action>
                    </div>
                    {editing?.kind === 'event' && editing.id === event.id ? (
                      <div className="mt-4 rounded-xl border border-gold/30 p-4">
                        <h4 className="mb-4 font-display text-lg text-gold">Edit {event.name}</h4>
                        <EventForm
                          categories={categories}
                          categoryId={category.id}
                          event={event}
                          onDone={close}
                        />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}

            {editing?.kind === 'new-event' && editing.categoryId === category.id ? (
              <div className="mt-4 rounded-xl border border-gold/30 p-4">
                <h3 className="mb-4 font-display text-lg text-gold">New event in {category.name}</h3>
                <EventForm categories={categories} categoryId={category.id} onDone={close} />
              </div>
            ) : (
              <button
                type="button"
                onClick={() => setEditing({ kind: 'new-event', categoryId: category.id })}
                className="mt-4 min-h-11 rounded-full border border-gold/60 px-4 text-gold hover:bg-gold/10"
              >
                New event<span className="sr-only"> in {category.name}</span>
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}
