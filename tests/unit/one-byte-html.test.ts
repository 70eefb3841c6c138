import { describe, expect, it } from 'vitest';
import { oneByteHtml } from '@/lib/cache/one-byte-html';

/** True when every character is at most U+00FF: the strings V8 keeps (and Node encodes) one byte each. */
const isOneByte = (text: string) => !/[^\u0000-\u00ff]/.test(text);

/** The HTML parser's reading of a character reference, for the few forms the module writes. */
const decodeReferences = (text: string) =>
  text.replace(/&#x([0-9a-f]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

describe('a page kept in one-byte characters', () => {
  it('leaves a page of Latin-1 characters as it is (the same string)', () => {
    const html = '<p class="x">Caf\u00e9 \u00b7 20 Feb</p><script>self.__next_f.push([1,"ok"])</script>';
    expect(oneByteHtml(html)).toBe(html);
  });

  it('writes text and attribute characters as references the parser reads back', () => {
    const html =
      '<a aria-label="Back \u2190" href="/event">\u2190 All events \u2013 \u20b9200 \ud83c\udf89</a>';
    const escaped = oneByteHtml(html);
    expect(escaped).toBe(
      '<a aria-label="Back &#x2190;" href="/event">&#x2190; All events &#x2013; &#x20b9;200 &#x1f389;</a>',
    );
    expect(isOneByte(escaped)).toBe(true);
    expect(decodeReferences(escaped)).toBe(html);
  });

  it("writes a script's characters as \\u escapes, so the RSC payload and JSON-LD read the same", () => {
    const payload = JSON.stringify([1, 'a:["$","a",null,{"children":"\u2190 Back \ud83c\udf89"}]\n']);
    const jsonLd = JSON.stringify({
      '@type': 'Event',
      name: 'R\u0101ga \u2013 night',
      offers: [{ price: '\u20b9' }],
    });
    const html =
      `<main><p>\u2190 Back</p></main><script>self.__next_f.push(${payload})</script>` +
      `<script type="application/ld+json">${jsonLd}</script>`;
    const escaped = oneByteHtml(html);
    expect(isOneByte(escaped)).toBe(true);
    const scripts = [...escaped.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    const pushed = JSON.parse(scripts[0]!.slice('self.__next_f.push('.length, -1)) as unknown;
    expect(pushed).toEqual(JSON.parse(payload));
    expect(JSON.parse(scripts[1]!)).toEqual(JSON.parse(jsonLd));
    expect(escaped.startsWith('<main><p>&#x2190; Back</p></main>')).toBe(true);
  });

  it("finds a script's end past a '>' inside a quoted attribute of its opening tag", () => {
    const html = '<script data-note="a > b">var s = "\u2190";</script><b>\u2190</b>';
    expect(oneByteHtml(html)).toBe('<script data-note="a > b">var s = "\\u2190";</script><b>&#x2190;</b>');
  });

  it('leaves the page as it was where an escape could change its meaning', () => {
    const inStyle = '<style>.a::before{content:"\u2190"}</style><p>\u2190</p>';
    const afterBackslash = '<script>var s = "\\\u2190";</script>';
    const loneSurrogate = '<p>\ud83c broken</p>';
    for (const html of [inStyle, afterBackslash, loneSurrogate]) expect(oneByteHtml(html)).toBe(html);
  });

  it('leaves a page mostly in another script as it is, rather than make it several times larger', () => {
    const gujarati = `<p>${'\u0a97\u0ac1\u0a9c\u0ab0\u0abe\u0aa4\u0ac0 '.repeat(200)}</p>`;
    expect(oneByteHtml(gujarati)).toBe(gujarati);
    const oneDash = `<p>${'x'.repeat(500)} \u2013 ${'y'.repeat(500)}</p>`;
    expect(isOneByte(oneByteHtml(oneDash))).toBe(true);
  });
});
