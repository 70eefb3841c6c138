/*
 * Next's incremental cache handler (next.config.ts `cacheHandler`): rendered pages, route answers and
 * `unstable_cache` data. Next imports this file itself at run time, outside the app's bundle, so it is
 * plain JavaScript and reads its two settings (DATABASE_URL, NEXT_PHASE) from process.env directly.
 *
 * - With DATABASE_URL set (at run time, not during `next build`) the cache is shared by every instance on
 *   that PostgreSQL: entries live in next_cache_entries keyed by (build id, key), so a new build never
 *   serves an older build's pages, and revalidated tags in next_cache_tags. Each process keeps an
 *   in-memory layer in front of it, so a hit runs no query. A revalidated tag is written to
 *   next_cache_tags and announced with NOTIFY; every instance LISTENs, and polls the tag table each
 *   second as a fallback (a dropped listener, a missed notification).
 * - Without it (the embedded PGlite, one process), or during the build, the memory layer alone.
 *
 * An entry is stale when one of its tags was revalidated at or after the entry was written; a stale
 * entry is a miss (Next renders afresh and stores the result). Errors of the database are misses too:
 * the page is rendered rather than failed. What is kept where: keepsAtAll and keepsShared below. See
 * docs/decisions.md, "Public pages and caching".
 */
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { oneByteHtml } from './one-byte-html.mjs';

export const tagChannel = 'next_cache_tags';
const defaultPollMs = 1000;
const defaultMaxMemoryBytes = 64 * 1024 * 1024;
/** Entries of other builds are kept this long (a rolling deploy still runs the old build), then deleted. */
const otherBuildsKeptMs = 24 * 60 * 60 * 1000;

/** JSON that keeps Buffers (rscData, route bodies) and Maps (segmentData), which plain JSON loses. */
export function encodeValue(value) {
  return JSON.stringify(value, function replace(key, encoded) {
    const original = this[key];
    if (original instanceof Uint8Array) return { __cacheBuffer: Buffer.from(original).toString('base64') };
    if (original instanceof Map) return { __cacheMap: [...original.entries()] };
    return encoded;
  });
}

export function decodeValue(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value.__cacheBuffer === 'string') return Buffer.from(value.__cacheBuffer, 'base64');
      if (Array.isArray(value.__cacheMap)) return new Map(value.__cacheMap);
    }
    return value;
  });
}

const warnedAt = new Map();
/** A warning at most once a minute per kind, so a database outage does not flood the log. */
function warn(kind, error) {
  const now = Date.now();
  if ((warnedAt.get(kind) ?? 0) > now - 60_000) return;
  warnedAt.set(kind, now);
  console.warn(`shared cache: ${kind} failed (${error instanceof Error ? error.message : String(error)})`);
}

/**
 * A route handler's answer of 500 and above (a 503 while the database is away) is not kept at all, or the
 * route cache would serve it until the next change of its content: the next request tries again.
 */
export function keepsAtAll(value) {
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
export function keepsShared(value) {
  return value?.kind !== 'APP_ROUTE' && !(value?.status >= 400);
}

/** A page's HTML kept in one-byte characters, which Node sends several times faster (one-byte-html.mjs). */
function withOneByteHtml(value) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string') return value;
  // Always the copy, even when its text is the same: the page Next gave may be stored two bytes a character.
  return { ...value, html: oneByteHtml(value.html) };
}

/**
 * One process's cache: the memory layer, the known tag times and (with `url`) the PostgreSQL store.
 * Exported so tests can run two of them, as two processes would.
 */
export function createCacheStore({
  url,
  buildId,
  pollMs = defaultPollMs,
  maxMemoryBytes = defaultMaxMemoryBytes,
}) {
  /** key -> { entry: { lastModified, value, cacheControl }, tags, size }, least recently used first. */
  const memory = new Map();
  let memoryBytes = 0;
  /** tag -> the latest revalidation time known here (epoch ms). */
  const tagTimes = new Map();
  const sql = url
    ? postgres(url, { max: 4, idle_timeout: 60, connect_timeout: 5, onnotice: () => {} })
    : null;
  let timer;
  let listener;
  let closed = false;

  function learn(tag, at) {
    if (at > (tagTimes.get(tag) ?? 0)) tagTimes.set(tag, at);
  }

  function isStale(tags, lastModified) {
    return tags.some((tag) => (tagTimes.get(tag) ?? 0) >= lastModified);
  }

  function remember(key, entry, tags, size) {
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

  function forget(key) {
    const item = memory.get(key);
    if (!item) return;
    memory.delete(key);
    memoryBytes -= item.size;
  }

  async function poll() {
    if (!sql || closed) return;
    try {
      const rows = await sql`select tag, revalidated_at from next_cache_tags`;
      for (const row of rows) learn(row.tag, Number(row.revalidated_at));
    } catch (error) {
      warn('reading tag times', error);
    }
  }

  /** Listens for tag notifications and clears out old builds, in the background of the first poll. */
  async function listen() {
    try {
      listener = await sql.listen(
        tagChannel,
        (payload) => {
          try {
            const { tags, at } = JSON.parse(payload);
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
    }
    try {
      await sql`delete from next_cache_entries
        where build_id <> ${buildId} and last_modified < ${Date.now() - otherBuildsKeptMs}`;
    } catch (error) {
      warn('deleting old builds', error);
    }
  }

  async function start() {
    if (!sql) return;
    await poll();
    timer = setInterval(() => void poll(), pollMs);
    timer.unref?.();
    background = listen();
  }

  let background;
  const ready = start();

  return {
    shared: sql !== null,
    buildId,

    /** The entry under `key` unless missing or stale by its own tags or `extraTags`; null on a miss. */
    async get(key, extraTags = []) {
      await ready;
      const item = memory.get(key);
      if (item) {
        if (!isStale([...item.tags, ...extraTags], item.entry.lastModified)) {
          memory.delete(key);
          memory.set(key, item);
          return item.entry;
        }
        forget(key);
      }
      if (!sql) return null;
      let row;
      try {
        [row] = await sql`select value, tags, last_modified from next_cache_entries
          where build_id = ${buildId} and key = ${key}`;
      } catch (error) {
        warn('reading an entry', error);
        return null;
      }
      if (!row) return null;
      const lastModified = Number(row.last_modified);
      if (isStale([...row.tags, ...extraTags], lastModified)) return null;
      const stored = decodeValue(row.value);
      const entry = { lastModified, value: stored.value, cacheControl: stored.cacheControl };
      remember(key, entry, row.tags, row.value.length);
      return entry;
    },

    async set(key, given, tags, cacheControl) {
      await ready;
      if (!keepsAtAll(given)) {
        forget(key);
        return;
      }
      const value = withOneByteHtml(given);
      const lastModified = Date.now();
      const text = encodeValue({ value, cacheControl });
      remember(key, { lastModified, value, cacheControl }, tags, text.length);
      if (!sql || !keepsShared(value)) return;
      try {
        await sql`insert into next_cache_entries (build_id, key, value, tags, last_modified)
          values (${buildId}, ${key}, ${text}, ${sql.array(tags)}, ${lastModified})
          on conflict (build_id, key) do update
          set value = excluded.value, tags = excluded.tags, last_modified = excluded.last_modified`;
      } catch (error) {
        warn('writing an entry', error);
      }
    },

    /** Marks tags revalidated now, here at once and (shared) on every instance through the database. */
    async revalidate(tags) {
      await ready;
      const unique = [...new Set(tags)];
      if (unique.length === 0) return;
      const at = Date.now();
      for (const tag of unique) learn(tag, at);
      if (!sql) return;
      try {
        // One statement, so no transaction: its insert and its notification commit together, and a
        // BEGIN never has to share this pool's pipelines (docs/decisions.md, "Transactions have
        // connections of their own"). A data-modifying WITH runs in full whether or not it is read.
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

    /** The tag times this process knows (for tests). */
    tagTime(tag) {
      return tagTimes.get(tag) ?? 0;
    },

    async close() {
      closed = true;
      await ready;
      await background;
      if (timer) clearInterval(timer);
      await listener?.unlisten().catch(() => {});
      await sql?.end({ timeout: 5 });
    },
  };
}

function readBuildId(serverDistDir) {
  if (!serverDistDir) return 'unknown-build';
  try {
    return fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'unknown-build';
  }
}

const storeKey = Symbol.for('festival.sharedCacheStore');

/** The process's one store: Next makes a handler per request, and they must all share it. */
function processStore(ctx) {
  const holder = globalThis;
  if (!holder[storeKey]) {
    const url = process.env.DATABASE_URL;
    const shared = Boolean(url) && process.env.NEXT_PHASE !== 'phase-production-build' && !ctx?.dev;
    holder[storeKey] = createCacheStore({
      url: shared ? url : undefined,
      buildId: readBuildId(ctx?.serverDistDir),
    });
  }
  return holder[storeKey];
}

/** The tags an entry carries: a page's or route's in its x-next-cache-tags header, data's in ctx.tags. */
function tagsOf(data, ctx) {
  const header = data?.headers?.['x-next-cache-tags'];
  const fromHeader = typeof header === 'string' && header !== '' ? header.split(',') : [];
  return [...new Set([...fromHeader, ...(ctx?.tags ?? [])])];
}

export default class SharedCacheHandler {
  constructor(ctx) {
    this.store = processStore(ctx);
  }

  async get(key, ctx) {
    return this.store.get(key, [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]);
  }

  async set(key, data, ctx) {
    await this.store.set(key, data, tagsOf(data, ctx), ctx?.cacheControl);
  }

  async revalidateTag(tags) {
    await this.store.revalidate(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache() {}
}
