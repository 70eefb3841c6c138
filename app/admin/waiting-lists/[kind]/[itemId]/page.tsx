import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { WaitingListDetail } from '@/components/admin/waiting-lists/waiting-list-detail';
import { kindLabels } from '@/components/admin/waiting-lists/paths';
import { waitingListQuerySchema } from '@/lib/schemas/waiting-lists';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { AppError } from '@/lib/server/http/app-error';
import { listWaitingList, waitingListItem } from '@/lib/server/services/waiting-lists';

export const metadata: Metadata = { title: 'Waiting list' };

interface Props {
  params: Promise<{ kind: string; itemId: string }>;
}

export default async function WaitingListPage({ params }: Props) {
  await requireConsoleUser();
  const parsed = waitingListQuerySchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { kind, itemId } = parsed.data;
  const db = await getDb();
  const loaded = await Promise.all([
    listWaitingList(db, kind, itemId),
    waitingListItem(db, kind, itemId),
  ]).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!loaded) notFound();
  const [list, item] = loaded;
  return (
    <main>
      <p>
        <Link
          href="/admin/waiting-lists"
          prefetch={false}
          className="inline-flex min-h-6 items-center text-gold underline underline-offset-4"
        >
          All waiting lists
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl text-gold">Waiting list: {list.label}</h1>
      <p className="mt-1 text-parchment/85">{kindLabels[kind]}</p>
      <WaitingListDetail key={`${kind}:${itemId}`} initial={{ ...list, item }} />
    </main>
  );
}
