/**
 * The shared cache's lookups, counted for the metrics (festival_shared_cache_lookups_total). The cache
 * handler is compiled apart from the app and may not import packages (scripts/build-cache-handler.ts), so it
 * counts into plain numbers on globalThis, under a symbol of the global registry that both copies of this
 * module find alike; the metrics read them when scraped (lib/server/metrics/registry.ts).
 */
export type CacheLookup = 'memory' | 'database' | 'miss';

const key = Symbol.for('festival.cacheLookups');
const holder = globalThis as typeof globalThis & { [key]?: Record<CacheLookup, number> };

function tallies(): Record<CacheLookup, number> {
  holder[key] ??= { memory: 0, database: 0, miss: 0 };
  return holder[key];
}

/** One lookup: a hit in this process's memory, a hit in the database, or a miss. */
export function countCacheLookup(result: CacheLookup): void {
  tallies()[result] += 1;
}

/** Every lookup counted so far in this process. */
export function cacheLookupsSoFar(): Readonly<Record<CacheLookup, number>> {
  return { ...tallies() };
}
