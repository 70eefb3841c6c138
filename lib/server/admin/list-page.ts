import 'server-only';
import type { z } from 'zod';
import { pageFilter } from '@/lib/schemas/admin-operations';
import { requireConsoleUser } from './page-auth';

/** What Next.js hands an operations list page: its address's query. */
export interface ListPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The start of every operations list page: the organiser check, then the address's filters (reset, with
 * the problem to show, when they do not parse).
 */
export async function consoleListFilter<S extends z.ZodType>(schema: S, { searchParams }: ListPageProps) {
  await requireConsoleUser();
  return pageFilter(schema, await searchParams);
}
