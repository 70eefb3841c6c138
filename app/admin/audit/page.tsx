import type { Metadata } from 'next';
import { listAudit } from '@/lib/server/admin/audit';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { formatDateTime } from '@/lib/format';

export const metadata: Metadata = { title: 'Audit log' };

function summary(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 1);
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ entity?: string }> }) {
  await requireConsoleUser();
  const { entity } = await searchParams;
  const entries = await listAudit(await getDb(), { entity: entity || undefined, limit: 200 });
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Audit log</h1>
      <p className="mt-2 max-w-prose">Every change made in the console: who, what, when, before and after.</p>
      <form method="get" className="mt-4 flex flex-wrap gap-2">
        <label htmlFor="audit-entity" className="self-center">
          Kind of record
        </label>
        <input
          id="audit-entity"
          name="entity"
          defaultValue={entity ?? ''}
          placeholder="event, sponsor, payment_order…"
          className="min-w-0 flex-1 rounded border border-gold/40 bg-ink px-3 py-2 text-parchment"
        />
        <button type="submit" className="rounded bg-gold px-4 py-2 font-semibold text-ink">
          Filter
        </button>
      </form>
      {entries.length === 0 ? (
        <p className="mt-6">No changes recorded yet.</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {entries.map((e) => (
            <li key={e.id} className="rounded border border-white/10 p-3">
              {/* Record ids (a pass's is a long unbroken word) and e-mails wrap rather than widen a phone's page. */}
              <p className="break-words">
                <strong>{e.actorEmail}</strong> · {e.action} · {e.entity} #{e.entityId} ·{' '}
                <time dateTime={e.createdAt.toISOString()}>{formatDateTime(e.createdAt)}</time>
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer text-gold">Before and after</summary>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-ink p-2 text-sm">
                    {summary(e.before)}
                  </pre>
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-ink p-2 text-sm">
                    {summary(e.after)}
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
