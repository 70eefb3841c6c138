import type { Metadata } from 'next';
import { CategoryList } from '@/components/events/category-list';
import { cachedCategories } from '@/lib/server/content-cache';

export const dynamic = 'force-dynamic';

// The spec's alternative address of the event list: the same screen, pointing search engines at /event.
export const metadata: Metadata = { title: 'Events', alternates: { canonical: '/event' } };

export default async function EventListAliasPage() {
  return <CategoryList categories={await cachedCategories()} />;
}
