import zlib from 'node:zlib';

/**
 * The gzip level of everything this server compresses itself: pages, API answers, the build's files.
 *
 * Next gzips every answer on the fly at zlib's default level, 6, and has no setting for it. On a cached
 * page that was the largest single cost of an answer: 0.6 to 0.7 ms of CPU for the 70 KB of /event/1,
 * against about 1 ms per answer in all. Level 4 takes about 40% less time for about 5% more bytes on a
 * page and 3% more on the scripts (docs/performance.md, "What a cached page costs one instance"). Through
 * nginx a page is gzipped once and kept, so there it saves nothing and costs those few bytes.
 *
 * No 'server-only' import: instrumentation.ts loads this module, and it has nothing a browser could use.
 */
export const compressionLevel = 4;

type StreamFactory = (options?: zlib.ZlibOptions) => zlib.Gzip | zlib.Deflate;
type Factories = { createGzip: StreamFactory; createDeflate: StreamFactory };

const installed = Symbol.for('festival.compressionLevel');

/**
 * Makes zlib's gzip and deflate streams default to `compressionLevel` (the streams Next's compression
 * opens, without a level); a caller that names a level keeps it. Once per process: Next may load this
 * module more than once. `target` is zlib itself, or a stand-in in the tests.
 */
export function installCompressionLevel(target: Factories = zlib as unknown as Factories): void {
  const marked = target as Factories & { [installed]?: true };
  if (marked[installed]) return;
  for (const name of ['createGzip', 'createDeflate'] as const) {
    const original = target[name];
    // zlib's own properties are read-only but configurable: redefined, not assigned.
    Object.defineProperty(target, name, {
      value: (options?: zlib.ZlibOptions) =>
        original({ ...options, level: options?.level ?? compressionLevel }),
      writable: true,
      configurable: true,
      enumerable: true,
    });
  }
  Object.defineProperty(target, installed, { value: true });
}
