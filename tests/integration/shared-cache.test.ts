import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import SharedCacheHandler, {
  createCacheStore,
  decodeValue,
  encodeValue,
  knownKinds,
  kindRules,
  type CacheStore,
  type GetContext,
} from '@/lib/cache/shared-cache-handler';
import { contentTags } from '@/lib/server/content-cache';
import { adoptDatabase } from '@/lib/server/db';
import { lentAppPool, type PostgresPool } from '@/lib/server/db/app-pool';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { connectPostgres } from '@/lib/server/db/postgres-url';
import { contentTagList, expireSharedCacheTags } from '@/lib/server/db/shared-cache';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratch-database';
import { nextValue, sampleTags, sampleValues } from '../support/cache-values';

/** Polls `check` every 20 ms until it holds; answers how long that took (ms), or fails after `limit`. */
async function within(limit: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limit) throw new Error(`not within ${limit} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const lifetime = { revalidate: false as const, expire: undefined };

const page = (html: string, tags: string) =>
  nextValue({
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`rsc:${html}`),
    segmentData: new Map([['/_tree', Buffer.from('tree')]]),
    headers: { 'x-next-cache-tags': tags },
    status: 200,
    postponed: undefined,
  });

/** A route handler's answer as Next hands it to the cache. */
const routeAnswer = (status: number, tags: string) =>
  nextValue({
    kind: 'APP_ROUTE',
    status,
    body: Buffer.from('{"message":"Events","data":[]}'),
    headers: { 'content-type': 'application/json', 'x-next-cache-tags': tags },
  });

/** What Next passes with a read of data (unstable_cache): the data's tags. */
const dataRead = (tags: string[]) => ({ kind: 'FETCH', tags }) as unknown as GetContext;

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

describe('cache entries survive the trip through JSON', () => {
  it('keeps Buffers and Maps', () => {
    const value = page('<p>hi</p>', 'content:events');
    const back = decodeValue(encodeValue(value)) as typeof value;
    expect(back.html).toBe('<p>hi</p>');
    expect(Buffer.isBuffer(back.rscData)).toBe(true);
    expect(back.rscData?.toString()).toBe('rsc:<p>hi</p>');
    expect(back.segmentData).toBeInstanceOf(Map);
    expect(back.segmentData?.get('/_tree')?.toString()).toBe('tree');
  });
});

it("lists the same content tags for scripts as the site's cached reads use", () => {
  expect([...contentTagList].sort()).toEqual(Object.values(contentTags).sort());
});

describe('the handler without a database (embedded PGlite, one process)', () => {
  it("stores in memory and drops an entry once one of its page's tags is revalidated", async () => {
    const handler = new SharedCacheHandler({});
    const key = `/route-cache/APP_PAGE/${crypto.randomUUID()}`;
    await handler.set(key, page('old', '_N_T_/layout,content:team'), { cacheControl: lifetime });
    expect((await handler.get(key))?.value).toMatchObject({ html: 'old' });
    await handler.revalidateTag('content:team');
    expect(await handler.get(key)).toBeNull();
  });

  it("keeps a page's HTML in one-byte characters, and everything else of it as given", async () => {
    const handler = new SharedCacheHandler({});
    const key = `/route-cache/APP_PAGE/${crypto.randomUUID()}`;
    const given = page('<a href="/event">\u2190 All events</a>', 'content:events');
    await handler.set(key, given, { cacheControl: lifetime });
    const kept = (await handler.get(key))?.value as typeof given;
    expect(kept.html).toBe('<a href="/event">&#x2190; All events</a>');
    expect(kept.rscData).toBe(given.rscData);
    expect(kept.headers).toBe(given.headers);
    expect(given.html).toBe('<a href="/event">\u2190 All events</a>');
  });

  it("drops data (unstable_cache's entries) by the tags Next passes in", async () => {
    const handler = new SharedCacheHandler({});
    const key = crypto.randomUUID();
    await handler.set(key, sampleValues.FETCH, { fetchCache: true, tags: ['content:pronite'] });
    expect(await handler.get(key, dataRead(['content:pronite']))).not.toBeNull();
    await handler.revalidateTag(['content:pronite']);
    expect(await handler.get(key, dataRead(['content:pronite']))).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the shared cache on PostgreSQL, two instances', () => {
  let scratch: ScratchDatabase | undefined;
  let url = '';
  let sql: PostgresPool;
  /** The app's database of each of two processes, whose pools the two stores borrow. */
  let appA: Database | undefined;
  let appB: Database | undefined;
  let one: CacheStore;
  let two: CacheStore;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'festival_cache_');
    url = scratch.url;
    appA = openDatabase({ url });
    await appA.migrate();
    appB = openDatabase({ url });
    sql = connectPostgres(url, { max: 1, onnotice: () => {} });
    // Two stores as two processes would have them: each its own memory, its app's pool and a listener.
    one = createCacheStore({ buildId: 'build-a', pool: () => appA?.pool });
    two = createCacheStore({ buildId: 'build-a', pool: () => appB?.pool });
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await sql?.end();
    await appA?.close();
    await appB?.close();
    await scratch?.drop();
  });

  it('serves an entry written by one instance from the other', async () => {
    await one.set('/event', page('categories v1', 'content:events'), ['content:events'], lifetime);
    const seen = await two.get('/event');
    expect(seen?.value).toMatchObject({ html: 'categories v1' });
    expect(Buffer.isBuffer((seen?.value as { rscData: Buffer }).rscData)).toBe(true);
    expect(seen?.cacheControl).toEqual(lifetime);
  });

  it.each(knownKinds)(
    "brings %s, one of Next's kinds, back through the table as it was given",
    async (kind) => {
      const key = `/contract/${kind}/${crypto.randomUUID()}`;
      const value = sampleValues[kind];
      await one.set(key, value, sampleTags[kind], { revalidate: 60, expire: 300 });
      const seen = await two.get(key);
      if (!kindRules[kind].shared) {
        // Route answers stay with the instance that made them (keepsShared).
        expect(seen).toBeNull();
        return;
      }
      const expected =
        kind === 'APP_PAGE' ? { ...value, html: '<main><h1>Events &#x2013; Day 1</h1></main>' } : value;
      expect(seen?.value).toEqual(expected);
      expect(seen?.cacheControl).toEqual({ revalidate: 60, expire: 300 });
      await one.revalidate([sampleTags[kind].at(-1)!]);
      await within(1000, async () => (await two.get(key)) === null);
    },
  );

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
    const other = createCacheStore({ buildId: 'build-b', pool: () => appA?.pool });
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

  it("deletes another build's entries once they are a day old, and keeps younger ones for a rolling deploy", async () => {
    const dayAndMinute = 24 * 60 * 60 * 1000 + 60_000;
    await sql`insert into next_cache_entries (build_id, key, value, tags, last_modified) values
      ('build-old', '/old', '{}', '{}', ${Date.now() - dayAndMinute}),
      ('build-old', '/recent', '{}', '{}', ${Date.now()})`;
    const starting = createCacheStore({ buildId: 'build-new', pool: () => appA?.pool });
    try {
      await starting.get('/anything');
      await within(1000, async () => {
        const rows = await sql<
          { key: string }[]
        >`select key from next_cache_entries where build_id = 'build-old'`;
        return rows.length === 1 && rows[0]?.key === '/recent';
      });
    } finally {
      await starting.close();
    }
  });

  it('answers a miss, not an error, while the database refuses, and serves again once it is back', async () => {
    await sql`alter table next_cache_entries rename to next_cache_entries_away`;
    try {
      await one.set('/schedule', page('schedule', 'content:events'), ['content:events']);
      expect(await two.get('/schedule')).toBeNull();
    } finally {
      await sql`alter table next_cache_entries_away rename to next_cache_entries`;
    }
    await one.set('/schedule', page('schedule', 'content:events'), ['content:events']);
    expect((await two.get('/schedule'))?.value).toMatchObject({ html: 'schedule' });
  });

  it('hears of content changed by a script (the seed) within a second', async () => {
    await one.set('/team', page('team before seed', 'content:team'), ['content:team']);
    expect(await two.get('/team')).not.toBeNull();
    await expireSharedCacheTags(appA!.db, contentTagList);
    await within(1000, async () => (await two.get('/team')) === null);
  });
});

/**
 * The server's Unix socket as a libpq-style URL (`?host=/directory`, the form docs/deploy.md gives), when
 * the server of TEST_DATABASE_URL has one this machine can reach; null otherwise.
 */
async function socketUrlOf(url: string): Promise<string | null> {
  const sql = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ directories: string; port: string }[]>`
      select current_setting('unix_socket_directories') as directories, current_setting('port') as port`;
    const directory = row?.directories.split(',')[0]?.trim();
    if (!directory || !fs.existsSync(`${directory}/.s.PGSQL.${row?.port}`)) return null;
    const socketUrl = new URL(url);
    socketUrl.hostname = 'localhost';
    socketUrl.port = row!.port;
    socketUrl.searchParams.set('host', directory);
    return socketUrl.toString();
  } finally {
    await sql.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the handler on the app's pool, over a Unix socket", () => {
  let scratch: ScratchDatabase | undefined;
  let socketUrl: string | null = null;
  let app: Database | undefined;
  let other: Database | undefined;
  let otherStore: CacheStore | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'festival_cache_socket_');
    socketUrl = await socketUrlOf(scratch.url);
    if (!socketUrl) return;
    // The app's database as lib/server/db opens it from DATABASE_URL, lent to the handler on adoption.
    app = openDatabase({ url: socketUrl });
    await app.migrate();
    adoptDatabase(app);
    other = openDatabase({ url: scratch.url });
    otherStore = createCacheStore({ buildId: 'unknown-build', pool: () => other?.pool });
  });

  afterAll(async () => {
    await otherStore?.close();
    await other?.close();
    await app?.close();
    await scratch?.drop();
  });

  it('shares pages and tag changes with an instance on TCP', async (context) => {
    if (!socketUrl) context.skip('the PostgreSQL server has no Unix socket this machine can reach');
    expect(lentAppPool()).toBe(app?.pool);
    const [session] = await app!.pool!<{ socket: boolean }[]>`select inet_client_addr() is null as socket`;
    expect(session?.socket).toBe(true);

    // The handler as Next makes it: the process's store, which borrows the pool the app lent.
    const handler = new SharedCacheHandler({});
    await handler.set('/pronite', page('pronite over the socket', 'content:pronite'), {
      cacheControl: lifetime,
    });
    expect((await otherStore!.get('/pronite'))?.value).toMatchObject({ html: 'pronite over the socket' });

    await otherStore!.revalidate(['content:pronite']);
    await within(1000, async () => (await handler.get('/pronite')) === null);
  });
});
