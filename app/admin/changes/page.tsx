import type { Metadata } from 'next';
import { ChangeRulesForm } from '@/components/admin/changes/change-rules-form';
import { UndoChangeButton } from '@/components/admin/changes/undo-change-button';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { listChangeRules, listChanges } from '@/lib/server/changes/console';
import { getDb } from '@/lib/server/db';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { participantChangeActions, participantChangeLabels } from '@/lib/schemas/changes';
import { changesFilterSchema, type AdminChangeRules, type RuleEntity } from '@/lib/schemas/changes-console';

export const metadata: Metadata = { title: 'Changes' };

const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';
const fieldClass = 'min-w-0 rounded border border-gold/40 bg-ink px-3 py-2 text-parchment';

const ruleGroups: { entity: RuleEntity; label: string }[] = [
  { entity: 'event', label: 'Events' },
  { entity: 'merchandise_product', label: 'T-shirts' },
  { entity: 'accommodation_type', label: 'Stay types' },
];

function rulesSummary(rules: AdminChangeRules): string {
  const closes = `changes close ${formatDateTime(rules.effectiveFreezeAt)}${rules.changesFreezeAt ? '' : ' (default)'}`;
  const refund =
    rules.refundPolicy === 'none'
      ? 'no refund'
      : rules.refundPolicy === 'full'
        ? 'full refund'
        : `${rules.refundPercent}% refunded${rules.refundUntil ? ` until ${formatDateTime(rules.refundUntil)}` : ''}`;
  return `${closes}; ${refund}`;
}

/**
 * Participants' own changes (docs/own-changes.md): every change they made from their profiles, filtered,
 * with Undo for a cancellation; and each item's rules, until when it may be changed and what a
 * cancellation gives back.
 */
export default async function ChangesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireConsoleUser();
  const raw = await searchParams;
  const parsed = changesFilterSchema.safeParse({
    action: typeof raw.action === 'string' && raw.action ? raw.action : undefined,
    q: typeof raw.q === 'string' && raw.q ? raw.q : undefined,
    state: typeof raw.state === 'string' && raw.state ? raw.state : undefined,
  });
  const filter = parsed.success ? parsed.data : {};
  const db = await getDb();
  const [changes, rules] = await Promise.all([listChanges(db, filter), listChangeRules(db)]);
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Changes</h1>
      <p className="mt-2 max-w-prose text-parchment">
        What participants changed themselves from their profiles: cancellations, T-shirt sizes, teams,
        transfers and details. A cancellation can be undone while its place has not gone to anyone else and no
        money was refunded for it. Below, each item’s rules: until when participants may change it, and what a
        cancellation gives back.
      </p>

      <section aria-labelledby="changes-heading" className={sectionClass}>
        <h2 id="changes-heading" className={h2Class}>
          Changes participants made
        </h2>
        <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div className="flex flex-col">
            <label htmlFor="changes-action">Kind of change</label>
            <select
              id="changes-action"
              name="action"
              defaultValue={filter.action ?? ''}
              className={fieldClass}
            >
              <option value="">Every kind</option>
              {participantChangeActions.map((a) => (
                <option key={a} value={a}>
                  {participantChangeLabels[a]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-1 flex-col">
            <label htmlFor="changes-q">Person or item</label>
            <input
              id="changes-q"
              name="q"
              defaultValue={filter.q ?? ''}
              placeholder="Name, e-mail, event…"
              className={fieldClass}
            />
          </div>
          <div className="flex flex-col">
            <label htmlFor="changes-state">Undone</label>
            <select id="changes-state" name="state" defaultValue={filter.state ?? ''} className={fieldClass}>
              <option value="">Either</option>
              <option value="live">Not undone</option>
              <option value="undone">Undone</option>
            </select>
          </div>
          <button type="submit" className="rounded bg-gold px-4 py-2 font-semibold text-ink">
            Filter
          </button>
        </form>
        {changes.length === 0 ? (
          <p className="mt-6">No changes match.</p>
        ) : (
          <ol className="mt-6 space-y-3" aria-label="Changes, newest first">
            {changes.map((c) => (
              <li key={c.id} className="rounded border border-white/10 p-3">
                <p className="break-words">
                  <strong>{participantChangeLabels[c.action]}</strong> · {c.summary}
                  {c.refundPaise > 0 ? ` · refunded ${formatPrice({ paise: c.refundPaise })}` : ''}
                </p>
                <p className="break-words text-sm text-parchment/85">
                  {c.userName} ({c.userEmail}) ·{' '}
                  <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                </p>
                {c.undoneAt ? (
                  <p className="text-sm text-parchment/85">
                    Undone {formatDateTime(c.undoneAt)}
                    {c.undoneByEmail ? ` by ${c.undoneByEmail}` : ''}
                  </p>
                ) : c.action === 'cancel' ? (
                  <UndoChangeButton changeId={c.id} summary={c.summary} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="rules-heading" className={sectionClass}>
        <h2 id="rules-heading" className={h2Class}>
          Rules for changes
        </h2>
        <p className="mt-2 max-w-prose text-sm">
          Without a time of their own, an event’s changes close 24 hours before its first session, and
          T-shirts’ and stays’ 7 days before the festival. Payments are not refunded unless you choose
          otherwise here.
        </p>
        {ruleGroups.map((group) => (
          <div key={group.entity} className="mt-4">
            <h3 className="font-display text-xl text-parchment">{group.label}</h3>
            <ul className="mt-2 space-y-2">
              {rules
                .filter((r) => r.entity === group.entity)
                .map((r) => (
                  <li key={`${r.entity}-${r.id}`} className="rounded border border-white/10 p-3">
                    <details>
                      <summary className="cursor-pointer break-words">
                        <span className="font-semibold">{r.name}</span>: {rulesSummary(r)}
                      </summary>
                      <ChangeRulesForm rules={r} />
                    </details>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </section>
    </main>
  );
}
