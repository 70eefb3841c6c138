/*
 * A cached page's HTML in characters up to U+00FF only, each other character written as an escape that
 * means the same to the browser. Why: V8 keeps a string with even one character above U+00FF (a "←" in
 * a back link, an en dash, a "₹" in an organiser's description) as two bytes per character, and Node
 * turns such a string into UTF-8 bytes about seven times slower than a one-byte string: 80 µs against 11
 * for the 70 KB of /event/1, on every answer Next sends from the cache (docs/performance.md). The cache
 * handler stores pages in this form, once per render.
 *
 * Where a character stands decides its escape. In text and attribute values, a character reference
 * (`&#x2190;`), which the HTML parser turns back into the character. Inside <script> (Next's RSC payload,
 * JSON-LD: JSON strings, read as JavaScript or JSON), a `\u2190` escape, which the JavaScript and JSON
 * parsers turn back. Anything this cannot vouch for (such a character in a <style>, right after a
 * backslash in a script, a lone surrogate) leaves the page as it was: slower, never different.
 */

/**
 * More escapes than this share of the page (beyond a few) would make it much larger, each one taking up
 * to 10 bytes for 3 (a page in Gujarati): such a page is left as it is.
 */
const maxEscapedShare = 0.01;
const escapesAlwaysAllowed = 64;

const wide = /[^\u0000-\u00ff]/;
const wideAll = /[^\u0000-\u00ff]/g;
/** An element whose text is not markup: its opening tag (quoted attributes may hold '>'), name, text. */
const rawTextElement = /(<(script|style)\b(?:[^>"']|"[^"]*"|'[^']*')*>)([\s\S]*?)<\/\2\s*>/gi;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `\uXXXX` for each UTF-16 unit of the wide characters in a script's text; null when one follows a backslash. */
function escapeScript(text: string): string | null {
  let unsafe = false;
  const escaped = text.replace(wideAll, (char, offset: number) => {
    if (offset > 0 && text[offset - 1] === '\\') unsafe = true;
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return unsafe ? null : escaped;
}

/** A character reference for each wide character (a surrogate pair is one character) in markup. */
function escapeMarkup(text: string): string {
  return text.replace(
    /[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u00ff]/g,
    (char) => `&#x${char.codePointAt(0)!.toString(16)};`,
  );
}

/** The same page with only one-byte characters, or the page itself when that cannot be done safely. */
export function oneByteHtml(html: string): string {
  if (!wide.test(html)) return oneByteCopy(html);
  const count = html.match(wideAll)?.length ?? 0;
  if (count > Math.max(escapesAlwaysAllowed, html.length * maxEscapedShare) || loneSurrogate.test(html)) {
    return html;
  }
  let out = '';
  let last = 0;
  for (const match of html.matchAll(rawTextElement)) {
    const [, openingTag = '', name = '', content = ''] = match;
    const contentStart = match.index + openingTag.length;
    out += escapeMarkup(html.slice(last, contentStart));
    if (wide.test(content)) {
      if (name.toLowerCase() === 'style') return html;
      const escaped = escapeScript(content);
      if (escaped === null) return html;
      out += escaped;
    } else {
      out += content;
    }
    last = contentStart + content.length;
  }
  out += escapeMarkup(html.slice(last));
  return oneByteCopy(out);
}

/**
 * The same characters in a string V8 stores one byte each. V8 never narrows a string: pieces sliced from a
 * two-byte page and joined stay two-byte even once every character fits in one (measured: 83 µs to encode
 * /event/1 before this copy, 14 after). A round trip through Latin-1 bytes makes a fresh one-byte string.
 */
function oneByteCopy(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}
