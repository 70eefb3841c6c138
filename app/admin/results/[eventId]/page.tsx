import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ResultsEditor } from '@/components/admin/results/results-editor';
import { BackButton } from '@/components/ui/back-button';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { AppError } from '@/lib/server/http/app-error';
import { resultsDraft } from '@/lib/server/results';

export const metadata: Metadata = { title: 'Results of an event' };

export default async function EventResultsPage({ params }: { params: Promise<{ eventId: string }> }) {
  await requireConsoleUser();
  const { eventId } = await params;
  const id = Number(eventId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) notFound();
  const draft = await resultsDraft(await getDb(), id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  return (
    <main>
      <BackButton fallback="/admin/results" />
      <h1 className="mt-4 font-display text-3xl text-gold">Results: {draft.event.name}</h1>
      <ResultsEditor draft={draft} />
    </main>
  );
}
