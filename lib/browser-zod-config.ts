/**
 * zod's settings for the browser, set before any schema is parsed there. `jitless`: zod otherwise probes
 * `new Function` once to decide whether it may compile its parsers, and the site's CSP (no 'unsafe-eval')
 * refuses the probe; Firefox reports each refusal as a CSP violation on every form page. zod reads this
 * object (created here or by zod itself, whichever loads first) when it first parses an object.
 * The server keeps the compiled parsers: it has no such CSP.
 */
if (typeof window !== 'undefined') {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (scope.__zod_globalConfig ??= {}).jitless = true;
}
