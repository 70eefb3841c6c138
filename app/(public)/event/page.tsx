import type { Metadata } from 'next';
import { CategoryList } from '@/components/events/category-list';
import { festival } from '@/lib/festival';
import { cachedCategories } from '@/lib/server/content-cache';

// Rendered on the first visit after a build or a change of its content (tag), then served from the cache.
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Events',
  description: `All ${festival.games} games of ${festival.name}: technical, cultural, gaming, sports and literary events, solo and in teams.`,
  alternates: { canonical: '/event' },
};

export default async function EventsPage() {
  return <CategoryList categories={await cachedCategories()} />;
}
