/**
 * The browser's configuration: the only NEXT_PUBLIC_* variables the app reads. Next inlines them at build
 * time. Server configuration lives in lib/server/env.ts.
 */
export const publicEnv = {
  /** Base address of the API; empty means the same origin as the site. */
  apiBase: (process.env.NEXT_PUBLIC_API_BASE ?? '').replace(/\/$/, ''),
};
