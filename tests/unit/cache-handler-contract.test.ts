import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CacheControl } from 'next/dist/server/lib/cache-control';
import { IncrementalCache } from 'next/dist/server/lib/incremental-cache';
import type { ResponseCacheOwner } from 'next/dist/server/lib/route-cache-key';
import * as nextResponseCache from 'next/dist/server/response-cache';
import type {
  GetIncrementalFetchCacheContext,
  GetIncrementalResponseCacheContext,
} from 'next/dist/server/response-cache';
import { afterAll, describe, expect, it, vi } from 'vitest';
import SharedCacheHandler, {
  createCacheStore,
  decodeValue,
  encodeValue,
  knownKinds,
  type CachedKind,
  type CacheStore,
  type HandlerContext,
} from '@/lib/cache/shared-cache-handler';
import { buildCacheHandler, compiledCacheHandler } from '../../scripts/build-cache-handler';
import { sampleTags, sampleValues, type ValueOf } from '../support/cache-values';

/*
 * The contract between Next and lib/cache/shared-cache-handler.ts: what Next stores through a cache
 * handler, checked against the installed Next, so an upgrade that changes it fails here rather than in
 * production. The type checker holds the shapes (tests/support/cache-values.ts writes each kind's value
 * with Next's declared types; RoundTrips below); the tests hold the run time: Next's kinds as its code
 * lists them, each kind through encodeValue/decodeValue, through Next's own IncrementalCache driving the
 * handler, and the compiled file as Next imports it. tests/integration/shared-cache.test.ts sends the same
 * values through PostgreSQL.
 */

/**
 * True when a value of type T comes back from decodeValue(encodeValue(...)) as it was: JSON's own types,
 * plus Buffers (any Uint8Array comes back a Buffer) and Maps. Anything else (a stream, a class instance
 * such as Next's RenderResult, a function) is false, and so is any object holding one.
 */
type RoundTrips<T> = T extends string | number | boolean | null | undefined
  ? true
  : T extends Uint8Array
    ? true
    : T extends Map<infer K, infer V>
      ? [RoundTrips<K>, RoundTrips<V>] extends [true, true]
        ? true
        : false
      : T extends readonly (infer E)[]
        ? RoundTrips<E>
        : T extends (...args: never[]) => unknown
          ? false
          : T extends object
            ? OpaqueObject<T> extends true
              ? true
              : false extends { [P in keyof T]-?: RoundTrips<T[P]> }[keyof T]
                ? false
                : true
            : false;

/**
 * Next types a Pages Router page's `pageData` and a redirect's `props` as `Object`: what getStaticProps
 * returned, which Next itself requires to be JSON. Counted as round-tripping.
 */
type OpaqueObject<T> = [T] extends [object] ? ([object] extends [T] ? true : false) : false;

/** Fails the type check, naming the kind, if one of Next's kinds stops surviving the handler's JSON. */
const everyKindRoundTrips: { [K in CachedKind]: RoundTrips<ValueOf<K>> } = {
  APP_PAGE: true,
  APP_ROUTE: true,
  PAGES: true,
  FETCH: true,
  REDIRECT: true,
  IMAGE: true,
};
/** The lifetime Next passes with a page is stored beside it. */
const lifetimeRoundTrips: RoundTrips<CacheControl> = true;

/** The handler is what Next's IncrementalCache takes as its handler class (what `cacheHandler` names). */
const takenByNext: ConstructorParameters<typeof IncrementalCache>[0]['CurCacheHandler'] = SharedCacheHandler;

/** Next's enum objects as its JavaScript exports them (its types declare them const enums). */
const nextKinds = nextResponseCache as unknown as {
  CachedRouteKind: Record<string, string>;
  IncrementalCacheKind: Record<string, string>;
};

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

describe("Next's value kinds", () => {
  it('are the ones the handler knows, in the types and in the installed code', () => {
    expect(everyKindRoundTrips).toEqual(Object.fromEntries(knownKinds.map((kind) => [kind, true])));
    expect(lifetimeRoundTrips).toBe(true);
    expect(takenByNext).toBe(SharedCacheHandler);
    expect(Object.values(nextKinds.CachedRouteKind).sort()).toEqual([...knownKinds].sort());
    // The kinds Next asks for on a read are kinds it stores.
    expect(knownKinds).toEqual(expect.arrayContaining(Object.values(nextKinds.IncrementalCacheKind)));
  });

  it.each(knownKinds)('%s comes back from the JSON the handler stores, Buffers and Maps included', (kind) => {
    const value = sampleValues[kind];
    const back = decodeValue(encodeValue({ value, cacheControl: { revalidate: 60, expire: 300 } })) as {
      value: typeof value;
      cacheControl: CacheControl;
    };
    expect(back.value).toEqual(value);
    expect(back.cacheControl).toEqual({ revalidate: 60, expire: 300 });
    if (value.kind === 'APP_PAGE') {
      const page = back.value as ValueOf<'APP_PAGE'>;
      expect(Buffer.isBuffer(page.rscData)).toBe(true);
      expect(page.segmentData).toBeInstanceOf(Map);
      expect(Buffer.isBuffer(page.segmentData?.get('/_full'))).toBe(true);
    }
    if (value.kind === 'APP_ROUTE')
      expect(Buffer.isBuffer((back.value as ValueOf<'APP_ROUTE'>).body)).toBe(true);
    if (value.kind === 'IMAGE') expect(Buffer.isBuffer((back.value as ValueOf<'IMAGE'>).buffer)).toBe(true);
  });
});

const previewProps = { previewModeId: 'id', previewModeEncryptionKey: 'key', previewModeSigningKey: 'sign' };

/** Next's own IncrementalCache, as a server makes it, with the handler (on `store`) as its cache handler. */
function nextCacheOver(store: CacheStore) {
  class Handler extends SharedCacheHandler {
    constructor(ctx: HandlerContext) {
      super(ctx, store);
    }
  }
  return new IncrementalCache({
    dev: false,
    requestHeaders: {},
    previewProps,
    prerenderManifest: {
      version: 4,
      routes: {},
      dynamicRoutes: {},
      notFoundRoutes: [],
      preview: previewProps,
    } as unknown as ConstructorParameters<typeof IncrementalCache>[0]['prerenderManifest'],
    CurCacheHandler: Handler,
  });
}

/** Next's ownership of a response entry (its route kind and source), which it folds into the key. */
const owner = (kind: 'APP_PAGE' | 'APP_ROUTE' | 'PAGES', sourceRoute: string) =>
  ({ kind, sourceRoute }) as unknown as ResponseCacheOwner;

describe("the handler driven by Next's IncrementalCache", () => {
  const stores: CacheStore[] = [];
  const freshCache = () => {
    const store = createCacheStore({ buildId: 'contract' });
    stores.push(store);
    return { store, cache: nextCacheOver(store) };
  };
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  const responses = [
    ['APP_PAGE', '/event/[id]/page', '/event/1'],
    ['APP_ROUTE', '/api/admin/getSponsors/route', '/api/admin/getSponsors'],
    ['PAGES', '/legacy', '/legacy'],
  ] as const;

  it.each(responses)(
    'stores %s answers and serves them until one of their tags is revalidated',
    async (kind, source, key) => {
      const { store, cache } = freshCache();
      const route = owner(kind, source);
      const lifetime: CacheControl = { revalidate: false, expire: undefined };
      const value = sampleValues[kind];
      await cache.set(key, value, { route, cacheControl: lifetime });
      const ctx = { kind, isFallback: false, route } as unknown as GetIncrementalResponseCacheContext;
      const entry = (await cache.get(key, ctx)) as { value: unknown; cacheControl?: CacheControl } | null;
      expect(entry?.value).toEqual(
        kind === 'APP_PAGE' ? { ...value, html: '<main><h1>Events &#x2013; Day 1</h1></main>' } : value,
      );
      expect(entry?.cacheControl).toEqual(lifetime);
      // Next hands the handler its own key for the entry (the kind and a hash of the route folded in).
      expect(await store.get(key)).toBeNull();

      const tag = sampleTags[kind].at(-1)!;
      await cache.revalidateTag(tag);
      expect(await cache.get(key, ctx)).toBeNull();
    },
  );

  it("stores data (unstable_cache, fetch) with the tags Next passes, and drops it by any of them or the page's", async () => {
    const { cache } = freshCache();
    const key = 'contract-fetch-key';
    await cache.set(key, sampleValues.FETCH, { fetchCache: true, tags: ['content:events'] });
    const read = {
      kind: 'FETCH',
      tags: ['content:events'],
      softTags: ['_N_T_/event'],
    } as unknown as GetIncrementalFetchCacheContext;
    const entry = (await cache.get(key, read)) as { value: ValueOf<'FETCH'> } | null;
    expect(entry?.value.data).toEqual(sampleValues.FETCH.data);
    await cache.revalidateTag(['_N_T_/event']);
    expect(await cache.get(key, read)).toBeNull();
  });

  it('keeps redirects and optimised images, which reach the handler directly, by their tags too', async () => {
    const store = createCacheStore({ buildId: 'contract' });
    stores.push(store);
    const handler = new SharedCacheHandler({}, store);
    for (const kind of ['REDIRECT', 'IMAGE'] as const) {
      await store.set(kind, sampleValues[kind], sampleTags[kind]);
      expect((await handler.get(kind))?.value).toEqual(sampleValues[kind]);
      await handler.revalidateTag(sampleTags[kind]);
      expect(await handler.get(kind)).toBeNull();
    }
  });
});

describe('the compiled handler', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-cache-handler-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the file next.config.ts names', async () => {
    vi.resetModules();
    const config = (await import('@/next.config')).default;
    expect(config.cacheHandler).toBe(compiledCacheHandler);
  });

  it('imports nothing but Node itself, and runs on plain Node as Next imports it', async () => {
    const outfile = path.join(dir, 'shared-cache-handler.mjs');
    const metafile = await buildCacheHandler(outfile);
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    expect(imports.filter((name) => !builtins.has(name))).toEqual([]);

    // A page with its Buffer and Map, stored and read back, then dropped by its tag: Node 20 runs no
    // TypeScript, so this is the compiled file or nothing.
    const script = `
      const { default: Handler } = await import(${JSON.stringify(pathToFileURL(outfile).href)});
      const handler = new Handler({ dev: false });
      const page = { kind: 'APP_PAGE', html: '<p>\\u2190 back</p>', rscData: Buffer.from('rsc'),
        segmentData: new Map([['/_tree', Buffer.from('tree')]]), headers: { 'x-next-cache-tags': 'content:team' },
        status: 200, postponed: undefined };
      await handler.set('/team', page, { cacheControl: { revalidate: false, expire: undefined } });
      const kept = (await handler.get('/team', { kind: 'APP_PAGE', isFallback: false })).value;
      await handler.revalidateTag('content:team');
      const after = await handler.get('/team', { kind: 'APP_PAGE', isFallback: false });
      console.log(JSON.stringify({ html: kept.html, rsc: kept.rscData.toString(), tree: kept.segmentData.get('/_tree').toString(), after }));
    `;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      html: '<p>&#x2190; back</p>',
      rsc: 'rsc',
      tree: 'tree',
      after: null,
    });
  });
});
