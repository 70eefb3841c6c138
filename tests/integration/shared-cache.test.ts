import crypto from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import SharedCacheHandler, {
  createCacheStore,
  decodeValue,
  encodeValue,
  type CacheStore,
} from '@/lib/cache/shared-cache-handler.mjs';
import { contentTags } from '@/lib/server/content-cache';
import { openDatabase } from '@/lib/server/db/client';
import { contentTagList, expireSharedCacheTags } from '@/lib/server/db/shared-cache';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratch-database';

/** Polls `check` every 20 ms until it holds; answers how long that took (ms), or fails after `limit`. */
async function within(limit: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limit) throw new Error(`not within ${limit} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const page = (html: string, tags: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc:${html}`),
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
  headers: { 'x-next-cache-tags': tags },
  status: 200,
  postponed: undefined,
});

/** A route handler's answer as Next hands it to the cache. */
const routeAnswer = (status: number, tags: string) => ({
  kind: 'APP_ROUTE',
  status,
  body: Buffer.from('{"message":"Events","data":[]}'),
  headers: { 'content-type': 'application/json', 'x-next-cache-tags': tags },
});

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

describe('cache entries survive the trip through JSON', () => {
  it('keeps Buffers and Maps', () => {
    const value = page('<p>hi</p>', 'content:events');
    const back = decodeValue(encodeValue(value)) as ReturnType<typeof page>;
    expect(back.html).toBe('<p>hi</p>');
    expect(Buffer.isBuffer(back.rscData)).toBe(true);
    expect(back.rscData.toString()).toBe('rsc:<p>hi</p>');
    expect(back.segmentData).toBeInstanceOf(Map);
    expect(back.segmentData.get('/_tree')?.toString()).toBe('tree');
  });
});

it("lists the same content tags for scripts as the site's cached reads use", () => {
  expect([...contentTagList].sort()).toEqual(Object.values(contentTags).sort());
});

describe('the handler without a database (embedded PGlite, one process)', () => {
  it("stores in memory and drops an entry once one of its page's tags is revalidated", async () => {
    const handler = new SharedCacheHandler({});
    const key = `/route-cache/APP_PAGE/${crypto.randomUUID()}`;
    await handler.set(key, page('old', '_N_T_/layout,content:team'), {
      cacheControl: { revalidate: false, expire: undefined },
    });
    expect((await handler.get(key))?.value).toMatchObject({ html: 'old' });
    await handler.revalidateTag('content:team');
    expect(await handler.get(key)).toBeNull();
  });

  it("keeps a page's HTML in one-byte characters, and everything else of it as given", async () => {
    const handler = new SharedCacheHandler({});
    const key = `/route-cache/APP_PAGE/${crypto.randomUUID()}`;
    const given = page('<a href="/event">\u2190 All events</a>', 'content:events');
    await handler.set(key, given, { cacheControl: { revalidate: false, expire: undefined } });
    const kept = (await handler.get(key))?.value as ReturnType<typeof page>;
    expect(kept.html).toBe('<a href="/event">&#x2190; All events</a>');
    expect(kept.rscData).toBe(given.rscData);
    expect(kept.headers).toBe(given.headers);
    expect(given.html).toBe('<a href="/event">\u2190 All events</a>');
  });

  it("drops data (unstable_cache's entries) by the tags Next passes in", async () => {
    const handler = new SharedCacheHandler({});
    const key = crypto.randomUUID();
    await handler.set(key, { kind: 'FETCH', data: { body: '[]' } }, { tags: ['content:pronite'] });
    expect(await handler.get(key, { tags: ['content:pronite'] })).not.toBeNull();
    await handler.revalidateTag(['content:pronite']);
    expect(await handler.get(key, { tags: ['content:pronite'] })).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the shared cache on PostgreSQL, two instances', () => {
  let scratch: ScratchDatabase | undefined;
  let url = '';
  let sql: postgres.Sql;
  let one: CacheStore;
  let two: CacheStore;
  let seeding: ReturnType<typeof openDatabase> | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'festival_cache_');
    url = scratch.url;
    const database = openDatabase({ url });
    await database.migrate();
    seeding = database;
    sql = postgres(url, { max: 1, onnotice: () => {} });
    // Two stores as two processes would have them: each its own memory, connections and listener.
    one = createCacheStore({ url: url, buildId: 'build-a' });
    two = createCacheStore({ url: url, buildId: 'build-a' });
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await sql?.end();
    await seeding?.close();
    await scratch?.drop();
  });

  it('serves an entry written by one instance from the other', async () => {
    await one.set('/event', page('categories v1', 'content:events'), ['content:events'], {
      revalidate: false,
    });
    const seen = await two.get('/event');
    expect(seen?.value).toMatchObject({ html: 'categories v1' });
    expect(Buffer.isBuffer((seen?.value as { rscData: Buffer }).rscData)).toBe(true);
    expect(seen?.cacheControl).toEqual({ revalidate: false });
  });

  it('keeps a not-found page in memory only, so typed addresses do not fill the shared table', async () => {
    await one.set('/event/abc', { ...page('not found', 'content:events'), status: 404 }, ['content:events']);
    expect((await one.get('/event/abc'))?.value).toMatchObject({ status: 404 });
    expect(await two.get('/event/abc')).toBeNull();
    const [row] = await sql`select count(*)::int as count from next_cache_entries where key = '/event/abc'`;
    expect(row?.count).toBe(0);
  });

  it("keeps route handlers' answers in memory only, yet drops them when a tag changes on another instance", async () => {
    const key = '/route-cache/APP_ROUTE/h/$/api/admin/event-category/get-events-by-category/007';
    await two.set(key, routeAnswer(200, 'content:events'), ['content:events']);
    expect((await two.get(key))?.value).toMatchObject({ kind: 'APP_ROUTE', status: 200 });
    expect(await one.get(key)).toBeNull();
    const [row] = await sql`select count(*)::int as count from next_cache_entries where key = ${key}`;
    expect(row?.count).toBe(0);
    await one.revalidate(['content:events']);
    await within(1000, async () => (await two.get(key)) === null);
  });

  it("keeps no route handler's error of 500 and above, so an outage is not served after its end", async () => {
    const key = '/route-cache/APP_ROUTE/h/$/api/admin/getSponsors';
    await one.set(key, routeAnswer(200, 'content:sponsors'), ['content:sponsors']);
    await one.set(key, routeAnswer(503, 'content:sponsors'), ['content:sponsors']);
    expect(await one.get(key)).toBeNull();
    await one.set(key, routeAnswer(404, 'content:sponsors'), ['content:sponsors']);
    expect((await one.get(key))?.value).toMatchObject({ status: 404 });
  });

  it('answers a hit from memory, without a query', async () => {
    await one.set('/team', page('team', 'content:team'), ['content:team']);
    expect(await two.get('/team')).not.toBeNull();
    await sql`alter table next_cache_entries rename to next_cache_entries_away`;
    try {
      // With the table gone any query would fail (and answer a miss): a hit must come from memory.
      expect((await two.get('/team'))?.value).toMatchObject({ html: 'team' });
      expect(await two.get('/never-stored')).toBeNull();
    } finally {
      await sql`alter table next_cache_entries_away rename to next_cache_entries`;
    }
  });

  it('a tag revalidated through one instance reaches the other within a second', async () => {
    await one.set('/sponsers', page('sponsors v1', 'content:sponsors'), ['content:sponsors']);
    expect(await two.get('/sponsers')).not.toBeNull();
    await one.revalidate(['content:sponsors']);
    const took = await within(1000, async () => (await two.get('/sponsers')) === null);
    expect(took).toBeLessThan(1000);
    // Whichever instance renders next stores the new page, and the other serves it.
    await one.set('/sponsers', page('sponsors v2', 'content:sponsors'), ['content:sponsors']);
    expect((await two.get('/sponsers'))?.value).toMatchObject({ html: 'sponsors v2' });
  });

  it('learns a tag time without a notification from the periodic poll', async () => {
    await one.set('/pronite', page('pronite', 'content:pronite'), ['content:pronite']);
    expect(await two.get('/pronite')).not.toBeNull();
    // Written straight to the table, no NOTIFY: only the poll can tell the instances.
    await sql`insert into next_cache_tags (tag, revalidated_at) values ('content:pronite', ${Date.now()})
      on conflict (tag) do update set revalidated_at = excluded.revalidated_at`;
    await within(1500, async () => (await two.get('/pronite')) === null);
  });

  it("never serves another build's entries", async () => {
    const other = createCacheStore({ url: url, buildId: 'build-b' });
    try {
      await one.set('/event/1', page('build a', 'content:events'), ['content:events']);
      expect(await other.get('/event/1')).toBeNull();
      await other.set('/event/1', page('build b', 'content:events'), ['content:events']);
      expect((await other.get('/event/1'))?.value).toMatchObject({ html: 'build b' });
      expect((await two.get('/event/1'))?.value).toMatchObject({ html: 'build a' });
    } finally {
      await other.close();
    }
  });

  it('hears of content changed by a script (the seed) within a second', async () => {
    await one.set('/team', page('team before seed', 'content:team'), ['content:team']);
    expect(await two.get('/team')).not.toBeNull();
    await expireSharedCacheTags(seeding!.db, contentTagList);
    await within(1000, async () => (await two.get('/team')) === null);
  });
});
