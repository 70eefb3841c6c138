/*
 * Next's incremental cache handler (next.config.ts `cacheHandler`): rendered pages, route answers and
 * `unstable_cache` data. Next imports it by path at run time, outside the app's bundle and without type
 * stripping, so next.config.ts names the JavaScript that scripts/build-cache-handler.ts makes of this file
 * (`npm run build` and `npm run dev` make it first). It is written against the handler interface of the
 * installed Next (`CacheHandler` and the value types of next/dist/server/...), so an upgrade that changes
 * what Next stores stops the type check, and tests/unit/cache-handler-contract.test.ts, instead of the site.
 *
 * - On PostgreSQL (at run time, not during `next build` or `next dev`) the cache is shared by every instance
 *   on that database: entries live in next_cache_entries keyed by (build id, key), so a new build never
 *   serves an older build's pages, and revalidated tags in next_cache_tags. Each process keeps an
 *   in-memory layer in front of it, so a hit runs no query. A revalidated tag is written to
 *   next_cache_tags and announced with NOTIFY; every instance LISTENs, and polls the tag table each
 *   second as a fallback (a dropped listener, a missed notification). The statements run on the app's own
 *   pool, which lib/server/db lends (lib/server/db/app-pool.ts), so they use its connection settings.
 * - On the embedded PGlite (one process, no pool to borrow), or during the build, the memory layer alone.
 *
 * An entry is stale when one of its tags was revalidated at or after the entry was written; a stale
 * entry is a miss (Next renders afresh and stores the result). Errors of the database are misses too:
 * the page is rendered rather than failed. What is kept where: kindRules, keepsAtAll and keepsShared below.
 * See docs/decisions.md, "Public pages and caching".
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  CacheHandler,
  CacheHandlerContext,
  CacheHandlerValue,
} from 'next/dist/server/lib/incremental-cache';
import type { CacheControl } from 'next/dist/server/lib/cache-control';
import type { IncrementalCacheValue } from 'next/dist/server/response-cache';
import { lentAppPool, type PostgresPool } from '@/lib/server/db/app-pool';
import { countCacheLookup } from './cache-lookups';
import { oneByteHtml } from './one-byte-html';

/** What Next hands `set` and expects back from `get`: one of its value kinds, or null. */
export type CachedValue = IncrementalCacheValue | null;
/** Next's kinds of value ('APP_PAGE', 'FETCH', ...) as plain strings (Next declares them a const enum). */
export type CachedKind = `${IncrementalCacheValue['kind']}`;
/** What Next passes to `get` and `set` with a key, as its handler interface declares them. */
export type GetContext = Parameters<CacheHandler['get']>[1];
export type SetContext = Parameters<CacheHandler['set']>[2];

export const tagChannel = 'next_cache_tags';
const defaultPollMs = 1000;
const defaultMaxMemoryBytes = 64 * 1024 * 1024;
/** Entries of other builds are kept this long (a rolling deploy still runs the old build), then deleted. */
const otherBuildsKeptMs = 24 * 60 * 60 * 1000;

interface KindRule {
  /** Kept in the shared table as well as in memory; false: in this process's memory only. */
  shared: boolean;
}

/**
 * Where each kind of value Next stores is kept. Typed against Next's own list of kinds: a kind an upgrade
 * adds or drops fails the type check here (and the contract test at run time) until someone decides
 * where it belongs, instead of being stored by a guess.
 */
export const kindRules = {
  /** App Router pages (ISR): html, rscData (a Buffer), segmentData (a Map of Buffers). */
  APP_PAGE: { shared: true },
  /** Route handlers' answers (the public read API, the sitemap): memory only, see keepsShared. */
  APP_ROUTE: { shared: false },
  /** Pages Router pages and redirects: the site has none; kept as pages would be. */
  PAGES: { shared: true },
  REDIRECT: { shared: true },
  /** `unstable_cache` and `fetch` data. */
  FETCH: { shared: true },
  /** Optimised images: only with `images.customCacheHandler`, which next.config.ts does not set. */
  IMAGE: { shared: true },
} as const satisfies Record<CachedKind, KindRule>;

/** The kinds this handler knows, for the contract test to hold against Next's at run time. */
export const knownKinds = Object.keys(kindRules) as CachedKind[];

const bufferTag = '__cacheBuffer';
const mapTag = '__cacheMap';

/** JSON that keeps Buffers (rscData, route bodies, images) and Maps (segmentData), which plain JSON loses. */
export function encodeValue(value: unknown): string {
  return JSON.stringify(
    value,
    function replace(this: Record<string, unknown>, key: string, encoded: unknown) {
      // `this[key]` is the value before toJSON: a Buffer's own toJSON would already have made it an object.
      const original = this[key];
      if (original instanceof Uint8Array) return { [bufferTag]: Buffer.from(original).toString('base64') };
      if (original instanceof Map) return { [mapTag]: [...original.entries()] };
      return encoded;
    },
  );
}

export function decodeValue(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const tagged = value as Record<string, unknown>;
      if (typeof tagged[bufferTag] === 'string') return Buffer.from(tagged[bufferTag], 'base64');
      if (Array.isArray(tagged[mapTag])) return new Map(tagged[mapTag] as [unknown, unknown][]);
    }
    return value;
  });
}

const warnedAt = new Map<string, number>();
/** A warning at most once a minute per kind, so a database outage does not flood the log. */
function warn(kind: string, error: unknown): void {
  const now = Date.now();
  if ((warnedAt.get(kind) ?? 0) > now - 60_000) return;
  warnedAt.set(kind, now);
  console.warn(`shared cache: ${kind} failed (${error instanceof Error ? error.message : String(error)})`);
}

/** The HTTP status a page or route answer was stored with; undefined for the kinds that have none. */
function statusOf(value: CachedValue): number | undefined {
  return value && 'status' in value ? value.status : undefined;
}

/**
 * A route handler's answer of 500 and above (a 503 while the database is away) is not kept at all, or the
 * route cache would serve it until the next change of its content: the next request tries again.
 */
export function keepsAtAll(value: CachedValue): boolean {
  return !(value?.kind === 'APP_ROUTE' && value.status >= 500);
}

/**
 * Pages and data go to the shared table as well as the memory layer; errors and route handlers' answers
 * (the public read API, the sitemap) stay in memory only. Their keys are whatever visitors type
 * (/event/{any N}'s not-found page, /get-events-by-category/{any id}, "007" as well as "7"), and the
 * shared table must not grow with them; the memory layer is bounded. A route's answer is data that is
 * itself cached (and shared) put into JSON, so each instance making its own once after a start or a
 * change costs a handler run, not a query.
 */
export function keepsShared(value: CachedValue): boolean {
  const rule = value ? (kindRules as Record<string, KindRule | undefined>)[value.kind] : undefined;
  return rule?.shared !== false && !((statusOf(value) ?? 0) >= 400);
}

/** A page's HTML kept in one-byte characters, which Node sends several times faster (one-byte-html.ts). */
function withOneByteHtml(value: CachedValue): CachedValue {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string') return value;
  // Always the copy, even when its text is the same: the page Next gave may be stored two bytes a character.
  return { ...value, html: oneByteHtml(value.html) };
}

export interface CacheStoreOptions {
  buildId: string;
  /**
   * The PostgreSQL pool to share entries through, asked for again at every use: the app lends its pool
   * once its database is open, and takes it back if it closes it. None (not given, or not lent): the
   * memory layer only.
   */
  pool?: () => PostgresPool | undefined;
  pollMs?: number;
  maxMemoryBytes?: number;
}

export interface CacheStore {
  readonly buildId: string;
  /** The entry under `key` unless missing or stale by its own tags or `extraTags`; null on a miss. */
  get(key: string, extraTags?: string[]): Promise<CacheHandlerValue | null>;
  set(key: string, value: CachedValue, tags: string[], cacheControl?: CacheControl): Promise<void>;
  /** Marks tags revalidated now, here at once and (shared) on every instance through the database. */
  revalidate(tags: string[]): Promise<void>;
  /** The tag times this process knows (for tests). */
  tagTime(tag: string): number;
  /** Stops polling and listening. The pool is the app's: it stays open. */
  close(): Promise<void>;
}

interface MemoryItem {
  entry: CacheHandlerValue;
  tags: string[];
  size: number;
}

/** What next_cache_entries.value holds: the value and its lifetime, encoded by encodeValue. */
interface StoredEntry {
  value: CachedValue;
  cacheControl?: CacheControl;
}

/**
 * One process's cache: the memory layer, the known tag times and (with a pool) the PostgreSQL store.
 * Exported so tests can run two of them, as two processes would.
 */
export function createCacheStore({
  buildId,
  pool = () => undefined,
  pollMs = defaultPollMs,
  maxMemoryBytes = defaultMaxMemoryBytes,
}: CacheStoreOptions): CacheStore {
  /** key -> the entry, its tags and its encoded size, least recently used first. */
  const memory = new Map<string, MemoryItem>();
  let memoryBytes = 0;
  /** tag -> the latest revalidation time known here (epoch ms). */
  const tagTimes = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  /** The pool the listener was started on; a different one (the app reopened its database) starts another. */
  let attached: PostgresPool | undefined;
  let listener: Promise<{ unlisten(): Promise<void> } | undefined> | undefined;
  let background: Promise<void> | undefined;
  let closed = false;

  function learn(tag: string, at: number): void {
    if (at > (tagTimes.get(tag) ?? 0)) tagTimes.set(tag, at);
  }

  function isStale(tags: string[], lastModified: number): boolean {
    return tags.some((tag) => (tagTimes.get(tag) ?? 0) >= lastModified);
  }

  function remember(key: string, entry: CacheHandlerValue, tags: string[], size: number): void {
    forget(key);
    if (size > maxMemoryBytes / 4) return;
    memory.set(key, { entry, tags, size });
    memoryBytes += size;
    for (const [oldest, item] of memory) {
      if (memoryBytes <= maxMemoryBytes) break;
      memory.delete(oldest);
      memoryBytes -= item.size;
    }
  }

  function forget(key: string): void {
    const item = memory.get(key);
    if (!item) return;
    memory.delete(key);
    memoryBytes -= item.size;
  }

  /** The pool for a statement now, if any; the first use of a pool starts listening on it. */
  function database(): PostgresPool | undefined {
    if (closed) return undefined;
    const sql = pool();
    if (sql && sql !== attached) {
      attached = sql;
      const previous = listener;
      void previous?.then((meta) => meta?.unlisten()).catch(() => {});
      listener = listen(sql);
      background = listener.then(() => deleteOtherBuilds(sql));
    }
    return sql;
  }

  async function poll(): Promise<void> {
    const sql = database();
    if (!sql) return;
    try {
      const rows = await sql<{ tag: string; revalidated_at: string }[]>`
        select tag, revalidated_at from next_cache_tags`;
      for (const row of rows) learn(row.tag, Number(row.revalidated_at));
    } catch (error) {
      warn('reading tag times', error);
    }
  }

  /**
   * Listens for tag notifications. postgres.js gives LISTEN a connection of its own beside the pool's (a
   * listening session must stay open, which a pooled connection does not), and listens again after it
   * reconnects.
   */
  async function listen(sql: PostgresPool) {
    try {
      return await sql.listen(
        tagChannel,
        (payload) => {
          try {
            const { tags, at } = JSON.parse(payload) as { tags: string[]; at: number | string };
            for (const tag of tags) learn(tag, Number(at));
          } catch (error) {
            warn('reading a tag notification', error);
          }
        },
        // Called again after a reconnection: notifications sent meanwhile were lost, so read the table.
        () => void poll(),
      );
    } catch (error) {
      warn('listening for tag changes', error);
      return undefined;
    }
  }

  async function deleteOtherBuilds(sql: PostgresPool): Promise<void> {
    try {
      await sql`delete from next_cache_entries
        where build_id <> ${buildId} and last_modified < ${Date.now() - otherBuildsKeptMs}`;
    } catch (error) {
      warn('deleting old builds', error);
    }
  }

  async function start(): Promise<void> {
    await poll();
    timer = setInterval(() => void poll(), pollMs);
    timer.unref?.();
  }

  const ready = start();

  /** The entry under `key` and where it was found, or null on a miss. */
  async function lookUp(
    key: string,
    extraTags: string[],
  ): Promise<{ entry: CacheHandlerValue; from: 'memory' | 'database' } | null> {
    await ready;
    const item = memory.get(key);
    if (item) {
      if (!isStale([...item.tags, ...extraTags], item.entry.lastModified)) {
        memory.delete(key);
        memory.set(key, item);
        return { entry: item.entry, from: 'memory' };
      }
      forget(key);
    }
    const sql = database();
    if (!sql) return null;
    let entry: CacheHandlerValue;
    let tags: string[];
    let size: number;
    try {
      const [row] = await sql<{ value: string; tags: string[]; last_modified: string }[]>`
        select value, tags, last_modified from next_cache_entries
        where build_id = ${buildId} and key = ${key}`;
      if (!row) return null;
      const lastModified = Number(row.last_modified);
      if (isStale([...row.tags, ...extraTags], lastModified)) return null;
      const stored = decodeValue(row.value) as StoredEntry;
      entry = { lastModified, value: stored.value, cacheControl: stored.cacheControl };
      tags = row.tags;
      size = row.value.length;
    } catch (error) {
      warn('reading an entry', error);
      return null;
    }
    remember(key, entry, tags, size);
    return { entry, from: 'database' };
  }

  return {
    buildId,

    async get(key, extraTags = []) {
      const found = await lookUp(key, extraTags);
      countCacheLookup(found?.from ?? 'miss');
      return found?.entry ?? null;
    },

    async set(key, given, tags, cacheControl) {
      await ready;
      if (!keepsAtAll(given)) {
        forget(key);
        return;
      }
      const value = withOneByteHtml(given);
      const lastModified = Date.now();
      const text = encodeValue({ value, cacheControl } satisfies StoredEntry);
      remember(key, { lastModified, value, cacheControl }, tags, text.length);
      if (!keepsShared(value)) return;
      const sql = database();
      if (!sql) return;
      try {
        await sql`insert into next_cache_entries (build_id, key, value, tags, last_modified)
          values (${buildId}, ${key}, ${text}, ${sql.array(tags)}, ${lastModified})
          on conflict (build_id, key) do update
          set value = excluded.value, tags = excluded.tags, last_modified = excluded.last_modified`;
      } catch (error) {
        warn('writing an entry', error);
      }
    },

    async revalidate(tags) {
      await ready;
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      const at = Date.now();
      for (const tag of unique) learn(tag, at);
      const sql = database();
      if (!sql) return;
      try {
        // One statement, so no transaction: its insert and its notification commit together, and the
        // pool never has to carry a BEGIN for the cache (docs/decisions.md, "A transaction always owns
        // its connection"). A data-modifying WITH runs in full whether or not it is read.
        await sql`with marked as (
            insert into next_cache_tags (tag, revalidated_at)
            select tag, ${at} from unnest(${sql.array(unique)}::text[]) as tag
            on conflict (tag) do update
            set revalidated_at = greatest(next_cache_tags.revalidated_at, excluded.revalidated_at)
            returning tag)
          select pg_notify(${tagChannel}, ${JSON.stringify({ tags: unique, at })})`;
      } catch (error) {
        warn('revalidating tags', error);
      }
    },

    tagTime(tag) {
      return tagTimes.get(tag) ?? 0;
    },

    async close() {
      closed = true;
      await ready;
      if (timer) clearInterval(timer);
      await background;
      await (await listener)?.unlisten().catch(() => {});
    },
  };
}

function readBuildId(serverDistDir: string | undefined): string {
  if (!serverDistDir) return 'unknown-build';
  try {
    return fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'unknown-build';
  }
}

/** What the handler reads of the context Next constructs it with. */
export type HandlerContext = Partial<Pick<CacheHandlerContext, 'dev' | 'serverDistDir'>>;

/**
 * The app's pool, when the app has lent one. DATABASE_URL set and none lent means the cache cannot be
 * shared (the app has not opened its database, or Next runs this handler where the app's globals are not),
 * so each instance would serve its own pages: said in the log rather than left silent.
 */
function appPool(): PostgresPool | undefined {
  const pool = lentAppPool();
  if (!pool && process.env.DATABASE_URL) {
    warn("borrowing the app's database pool", 'DATABASE_URL is set, but none is lent: memory only');
  }
  return pool;
}

const storeKey = Symbol.for('festival.sharedCacheStore');
const holder = globalThis as typeof globalThis & { [storeKey]?: CacheStore };

/** The process's one store: Next makes a handler per request, and they must all share it. */
function processStore(ctx: HandlerContext): CacheStore {
  if (!holder[storeKey]) {
    // The build's renders are never served (docs/decisions.md), and `next dev` renders afresh anyway: the
    // database is for the running site only.
    const shared = process.env.NEXT_PHASE !== 'phase-production-build' && !ctx.dev;
    holder[storeKey] = createCacheStore({
      buildId: readBuildId(ctx.serverDistDir),
      pool: shared ? appPool : undefined,
    });
  }
  return holder[storeKey];
}

/** The tags Next asks a read to be checked against: a fetch's own and its page's implicit (soft) ones. */
function askedTags(ctx: GetContext | undefined): string[] {
  if (!ctx || !('tags' in ctx || 'softTags' in ctx)) return [];
  return [...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
}

/** The tags an entry carries: a page's or route's in its x-next-cache-tags header, data's in ctx.tags. */
function tagsOf(data: CachedValue, ctx: SetContext | undefined): string[] {
  const header = data && 'headers' in data ? data.headers?.['x-next-cache-tags'] : undefined;
  const fromHeader = typeof header === 'string' && header !== '' ? header.split(',') : [];
  const fromContext = ctx && 'tags' in ctx ? (ctx.tags ?? []) : [];
  return [...new Set([...fromHeader, ...fromContext])];
}

export default class SharedCacheHandler implements CacheHandler {
  private readonly store: CacheStore;

  /** Next passes the context alone; a test may pass a store of its own as well. */
  constructor(ctx: HandlerContext = {}, store?: CacheStore) {
    this.store = store ?? processStore(ctx);
  }

  async get(key: string, ctx?: GetContext): Promise<CacheHandlerValue | null> {
    return this.store.get(key, askedTags(ctx));
  }

  async set(key: string, data: CachedValue, ctx?: SetContext): Promise<void> {
    const cacheControl = ctx && 'cacheControl' in ctx ? ctx.cacheControl : undefined;
    await this.store.set(key, data, tagsOf(data, ctx), cacheControl);
  }

  // Next 16 passes a second argument (an `expire` profile); a revalidated tag is treated as expired at
  // once whatever it says (docs/decisions.md).
  async revalidateTag(tags: string | string[]): Promise<void> {
    await this.store.revalidate(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache(): void {}
}
