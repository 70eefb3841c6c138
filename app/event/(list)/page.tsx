import type { Metadata } from 'next';
import { CategoryList } from '@/components/events/category-list';
import { festival } from '@/lib/festival';
import { cachedCategories } from '@/lib/server/content-cache';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Events',
  description: `All ${festival.games} games of ${festival.name}: technical, cultural, gaming, sports and literary events, solo and in teams.`,
  alternates: { canonical: '/event' },
};

export default async function EventsPage() {
  return <CategoryList categories={await cachedCategories()} />;
}
