import Link from 'next/link';
import { BarChart } from './bar-chart';
import { busiestEvents, eventActivity, type CategoryFigures } from './busiest-events';
import { formatCount, formatCountOf } from './figures';

function registrationsText(figures: { registrations: number; participants: number }): string {
  return `${formatCountOf(figures.registrations, 'registration')}, ${formatCountOf(figures.participants, 'participant')}`;
}

/**
 * The dashboard's registrations: per category, then only the events people registered for, the busiest
 * first. Every event, noughts included, waits behind a disclosure (and the Registrations list has each
 * registration), so a phone is not scrolled through screens of zeros to reach the money and the gate.
 */
export function EventRegistrations({ categories }: { categories: readonly CategoryFigures[] }) {
  const busiest = busiestEvents(categories);
  const { active, total } = eventActivity(categories);
  return (
    <>
      <BarChart
        caption="Registrations per category"
        labelHeader="Category"
        valueHeader="Registrations and participants"
        bars={categories.map((c) => ({
          label: c.categoryName,
          value: c.registrations,
          text: registrationsText(c),
        }))}
        empty="No event categories yet."
      />
      <div className="mt-6">
        <BarChart
          caption={
            active > busiest.length
              ? `The ${formatCount(busiest.length)} events with the most registrations`
              : 'Events with registrations'
          }
          labelHeader="Event"
          valueHeader="Registrations and participants"
          bars={busiest.map((e) => ({
            label: `${e.eventName} (${e.categoryName})`,
            value: e.registrations,
            text: registrationsText(e),
          }))}
          empty="Nobody has registered for an event yet."
        />
        <p className="mt-3 text-sm text-parchment/80">
          {formatCount(active)} of {formatCount(total)} events have registrations.{' '}
          <Link href="/admin/registrations" prefetch={false} className="text-gold underline">
            Every registration, with filters
          </Link>
        </p>
      </div>
      {total > 0 ? (
        <details className="mt-4">
          <summary className="inline-flex min-h-12 cursor-pointer items-center text-gold">
            Show all {formatCount(total)} events
          </summary>
          {categories.map((c) => (
            <div key={c.categoryId} className="mt-6">
              <h3 className="font-display text-xl text-parchment">{c.categoryName}</h3>
              <BarChart
                caption={`Registrations per event in ${c.categoryName}`}
                labelHeader="Event"
                valueHeader="Registrations and participants"
                bars={c.events.map((e) => ({
                  label: e.eventName,
                  value: e.registrations,
                  text: registrationsText(e),
                }))}
              />
            </div>
          ))}
        </details>
      ) : null}
    </>
  );
}
