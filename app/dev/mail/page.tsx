import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDb } from '@/lib/server/db';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { outboxReaders } from '@/lib/server/dev-conveniences';
import { listOutbox } from '@/lib/server/mail/mail-service';

export const metadata: Metadata = { title: 'Mail outbox', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

/**
 * The outbox: every mail the site would have sent, newest first. Open in development, organisers only on
 * a preview deployment, absent on a production site and when SMTP is set.
 */
export default async function DevMailPage() {
  const readers = outboxReaders();
  if (readers === 'nobody') notFound();
  if (readers === 'organisers') await requireConsoleUser();
  const messages = await listOutbox(await getDb());
  return (
    <main className="mx-auto max-w-4xl px-4 pb-16 pt-24">
      <h1 className="font-display text-3xl text-gold">Mail outbox</h1>
      <p className="mt-2 opacity-80">
        SMTP_URL is not set, so mail is kept here instead of being sent. Newest first; JSON at{' '}
        <code>/api/dev/mail?to=address</code>.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8">No mail yet.</p>
      ) : (
        <ol className="mt-8 flex flex-col gap-6">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-white/15 bg-white/5 p-4">
              <p className="text-sm opacity-70">
                <time dateTime={m.createdAt}>{m.createdAt}</time> · to{' '}
                <span data-testid="mail-to">{m.to}</span>
              </p>
              <h2 className="mt-1 font-display text-lg">{m.subject}</h2>
              <pre className="mt-3 whitespace-pre-wrap font-body text-base">{m.text}</pre>
              {m.attachments.length > 0 ? (
                <p className="mt-2 text-sm opacity-70">
                  Attachments: {m.attachments.map((a) => a.filename).join(', ')}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
