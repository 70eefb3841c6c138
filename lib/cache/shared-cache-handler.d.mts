/** Types of shared-cache-handler.mjs (plain JavaScript, since Next imports it outside the app bundle). */

export const tagChannel: string;

export function encodeValue(value: unknown): string;
export function decodeValue(text: string): unknown;

export interface CacheEntry {
  lastModified: number;
  value: unknown;
  cacheControl?: unknown;
}

export interface CacheStore {
  readonly shared: boolean;
  readonly buildId: string;
  get(key: string, extraTags?: string[]): Promise<CacheEntry | null>;
  set(key: string, value: unknown, tags: string[], cacheControl?: unknown): Promise<void>;
  revalidate(tags: string[]): Promise<void>;
  tagTime(tag: string): number;
  close(): Promise<void>;
}

export function createCacheStore(options: {
  url?: string;
  buildId: string;
  pollMs?: number;
  maxMemoryBytes?: number;
}): CacheStore;

export default class SharedCacheHandler {
  constructor(ctx: { dev?: boolean; serverDistDir?: string });
  get(key: string, ctx?: { tags?: string[]; softTags?: string[] }): Promise<CacheEntry | null>;
  set(key: string, data: unknown, ctx?: { tags?: string[]; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
