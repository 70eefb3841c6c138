import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressionLevel, installCompressionLevel } from '@/lib/server/http/compression-level';

// A page-like document: repeated markup with varying text, so that zlib's levels give different output.
const page = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `<article class="flex flex-col rounded-2xl border p-4"><h2>Event ${i}</h2><p>Round ${i % 7} starts at ${
        10 + (i % 9)
      }:00 in hall ${(i * 31) % 17}; teams of ${2 + (i % 4)}.</p></article>`,
  ).join(''),
);

/** Everything a stream writes for one input. */
function drain(stream: zlib.Gzip | zlib.Deflate, input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.end(input);
  });
}

/** A stand-in for zlib with its real factories, so the test leaves the process's zlib as it was. */
function standIn() {
  return { createGzip: zlib.createGzip, createDeflate: zlib.createDeflate };
}

describe('the compression level of the answers', () => {
  it('is 4, and the levels differ on a page (so the test below can tell them apart)', () => {
    expect(compressionLevel).toBe(4);
    expect(zlib.gzipSync(page, { level: 4 }).equals(zlib.gzipSync(page, { level: 6 }))).toBe(false);
  });

  it('makes a gzip stream opened without a level (as Next opens them) compress at that level', async () => {
    const target = standIn();
    installCompressionLevel(target);
    const gzipped = await drain(target.createGzip(), page);
    expect(gzipped.equals(zlib.gzipSync(page, { level: compressionLevel }))).toBe(true);
    expect(gzipped.equals(zlib.gzipSync(page))).toBe(false);
    expect(zlib.gunzipSync(gzipped).equals(page)).toBe(true);
  });

  it('does the same for deflate, which a client without gzip gets', async () => {
    const target = standIn();
    installCompressionLevel(target);
    const deflated = await drain(target.createDeflate({}), page);
    expect(deflated.equals(zlib.deflateSync(page, { level: compressionLevel }))).toBe(true);
  });

  it('keeps a level the caller names', async () => {
    const target = standIn();
    installCompressionLevel(target);
    const best = await drain(target.createGzip({ level: 9 }), page);
    expect(best.equals(zlib.gzipSync(page, { level: 9 }))).toBe(true);
  });

  it('wraps once, however often it is installed', () => {
    const target = standIn();
    installCompressionLevel(target);
    const wrapped = target.createGzip;
    installCompressionLevel(target);
    expect(target.createGzip).toBe(wrapped);
    expect(wrapped).not.toBe(zlib.createGzip);
  });
});
