import type { IncrementalCacheValue } from 'next/dist/server/response-cache';
import type { CachedKind } from '@/lib/cache/shared-cache-handler';

/** Next's declared shape of the values of one kind. */
export type ValueOf<K extends CachedKind> = Extract<IncrementalCacheValue, { kind: K }>;

/**
 * A value of Next's type, written with its kind as a string: Next declares the kinds a const enum, which
 * code compiled one file at a time (isolatedModules) cannot name as a value. Every other field is checked
 * against Next's declaration, so a field an upgrade adds, drops or retypes stops the type check here.
 */
export function nextValue<K extends CachedKind>(value: Omit<ValueOf<K>, 'kind'> & { kind: K }): ValueOf<K> {
  return value as unknown as ValueOf<K>;
}

/**
 * One value of every kind Next stores through a cache handler, shaped as Next hands them over: the
 * Buffers and Maps are the parts plain JSON would lose.
 */
export const sampleValues = {
  APP_PAGE: nextValue({
    kind: 'APP_PAGE',
    html: '<main><h1>Events \u2013 Day 1</h1></main>',
    rscData: Buffer.from('0:["$","main",null,{"children":"Events"}]\n'),
    segmentData: new Map([
      ['/_tree', Buffer.from('tree')],
      ['/_full', Buffer.from([0, 1, 2, 255])],
    ]),
    headers: {
      'x-next-cache-tags': '_N_T_/layout,_N_T_/event/page,content:events',
      'x-nextjs-stale-time': '300',
    },
    status: 200,
    postponed: undefined,
  }),
  APP_ROUTE: nextValue({
    kind: 'APP_ROUTE',
    body: Buffer.from('{"message":"Events","data":[]}'),
    status: 200,
    headers: { 'content-type': 'application/json', 'x-next-cache-tags': 'content:events' },
  }),
  PAGES: nextValue({
    kind: 'PAGES',
    html: '<div id="__next">A page</div>',
    pageData: { pageProps: { title: 'A page' } },
    headers: { 'x-next-cache-tags': 'content:team' },
    status: 200,
  }),
  FETCH: nextValue({
    kind: 'FETCH',
    data: { headers: {}, body: '[{"id":1,"name":"Dance"}]', url: '', status: 200 },
    tags: ['content:events'],
    revalidate: 31_536_000,
  }),
  REDIRECT: nextValue({ kind: 'REDIRECT', props: { __N_REDIRECT: '/login', __N_REDIRECT_STATUS: 307 } }),
  IMAGE: nextValue({
    kind: 'IMAGE',
    etag: 'W/"a1"',
    upstreamEtag: 'W/"b2"',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    extension: 'png',
    revalidate: 60,
  }),
} satisfies { [K in CachedKind]: ValueOf<K> };

/** The tags each sample is stored with, as the handler reads them (the header, or ctx.tags for data). */
export const sampleTags: { [K in CachedKind]: string[] } = {
  APP_PAGE: ['_N_T_/layout', '_N_T_/event/page', 'content:events'],
  APP_ROUTE: ['content:events'],
  PAGES: ['content:team'],
  FETCH: ['content:events'],
  REDIRECT: ['content:redirects'],
  IMAGE: ['content:images'],
};
