import type { Metadata } from 'next';
import { BarChart } from '@/components/admin/operations/bar-chart';
import { EventRegistrations } from '@/components/admin/operations/event-registrations';
import { formatCount, formatCountOf, percentOf } from '@/components/admin/operations/figures';
import { formatFigure } from '@/lib/money';
import { formatShortDate } from '@/lib/format';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { loadDashboard } from '@/lib/server/admin/dashboard';

export const metadata: Metadata = { title: 'Dashboard' };

const purposeLabel = {
  event: 'Event registrations',
  merchandise: 'Merchandise',
  accommodation: 'Accommodation',
} as const;

const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gold/30 bg-black/30 p-4">
      <dt className="text-sm text-parchment/80">{label}</dt>
      <dd className="mt-1 font-display text-3xl text-parchment">{value}</dd>
    </div>
  );
}

/** Group rows by a key, keeping first-seen order. */
function groupBy<T>(rows: T[], key: (row: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.entries()];
}

export default async function DashboardPage() {
  await requireConsoleUser();
  const data = await loadDashboard(await getDb());
  const collected = data.money.reduce((sum, m) => sum + m.collectedPaise, 0);
  const refunded = data.money.reduce((sum, m) => sum + m.refundedPaise, 0);
  const products = groupBy(data.merchandise, (s) => s.productName);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Dashboard</h1>
      <p className="mt-2 max-w-prose text-parchment">
        The festival at a glance: registrations, money, T-shirts, rooms and the gate. Figures count live
        records only: cancelled registrations and refunded payments are left out.
      </p>

      <section aria-labelledby="totals-heading" className={sectionClass}>
        <h2 id="totals-heading" className={h2Class}>
          Totals
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Registrations" value={formatCount(data.totals.registrations)} />
          <Figure label="Teams (two or more)" value={formatCount(data.totals.teams)} />
          <Figure label="Participants" value={formatCount(data.totals.participants)} />
          <Figure label="Money collected" value={formatFigure({ paise: collected })} />
        </dl>
        <p className="mt-3 text-sm text-parchment/80">
          {formatCountOf(data.totals.entries, 'place')} taken in events (a person in three events counts three
          times). {formatFigure({ paise: refunded })} refunded.
        </p>
      </section>

      <section aria-labelledby="registrations-heading" className={sectionClass}>
        <h2 id="registrations-heading" className={h2Class}>
          Registrations
        </h2>
        <EventRegistrations categories={data.categories} />
      </section>

      <section aria-labelledby="money-heading" className={sectionClass}>
        <h2 id="money-heading" className={h2Class}>
          Money collected
        </h2>
        <BarChart
          caption="Money collected per purpose (fulfilled payments, refunds excluded)"
          labelHeader="Purpose"
          valueHeader="Amount"
          bars={data.money.map((m) => ({
            label: purposeLabel[m.purpose],
            value: m.collectedPaise,
            text: `${formatFigure({ paise: m.collectedPaise })} from ${formatCountOf(m.payments, 'payment')}${
              m.refunds > 0
                ? `; ${formatFigure({ paise: m.refundedPaise })} refunded (${formatCount(m.refunds)})`
                : ''
            }`,
          }))}
        />
      </section>

      <section aria-labelledby="merch-heading" className={sectionClass}>
        <h2 id="merch-heading" className={h2Class}>
          T-shirts sold per size
        </h2>
        {products.length === 0 ? <p className="mt-2 text-parchment/80">No merchandise yet.</p> : null}
        {products.map(([name, sizes]) => (
          <div key={name} className="mt-4">
            <h3 className="font-display text-xl text-parchment">{name}</h3>
            <BarChart
              caption={`${name}: sold against stock`}
              labelHeader="Size"
              valueHeader="Sold of stock"
              bars={sizes.map((s) => ({
                label: s.size,
                value: s.sold,
                of: s.stock,
                text: `${formatCount(s.sold)} sold of ${formatCount(s.stock)} (${percentOf(s.sold, s.stock)}%)`,
              }))}
            />
          </div>
        ))}
      </section>

      <section aria-labelledby="stay-heading" className={sectionClass}>
        <h2 id="stay-heading" className={h2Class}>
          Accommodation occupancy
        </h2>
        <BarChart
          caption="Places booked per date option"
          labelHeader="Date option"
          valueHeader="Booked of capacity"
          bars={data.accommodation.map((o) => ({
            label: `${o.typeName}: from ${formatShortDate(o.startDate)}, ${o.days} night${o.days === 1 ? '' : 's'}`,
            value: o.booked,
            of: o.capacity,
            text: `${formatCount(o.booked)} booked of ${formatCount(o.capacity)} (${percentOf(o.booked, o.capacity)}%)`,
          }))}
          empty="No accommodation options yet."
        />
      </section>

      <section aria-labelledby="gate-heading" className={sectionClass}>
        <h2 id="gate-heading" className={h2Class}>
          Check-ins
        </h2>
        <BarChart
          caption="Check-ins per festival day"
          labelHeader="Day"
          valueHeader="Check-ins"
          bars={data.checkIns.map((d) => ({
            label: formatShortDate(d.day),
            value: d.checkIns,
            text: formatCountOf(d.checkIns, 'check-in'),
          }))}
          empty="Nobody has been checked in yet."
        />
      </section>
    </main>
  );
}
