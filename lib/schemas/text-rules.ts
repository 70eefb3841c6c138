/**
 * The one rule for the characters a typed text may hold, free of zod so screens can use it as people type
 * (the schemas' wrappers are in ./plain-text.ts). A single-line field (a name, a team name, a college, a
 * phone, a venue or round name, a link) refuses every control character: C0 (tab, line feed and carriage
 * return among them), DEL and C1 (U+0085, the "next line", among them), and the line and paragraph
 * separators U+2028 and U+2029. Such a character is never typed on purpose into one line, and it breaks
 * the lines of what the text later lands in: mail headers, CSV rows, calendar files. A multi-line field (a
 * description) keeps its line feeds and carriage returns and refuses the rest.
 */

const singleLineForbidden = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const multiLineForbidden = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether a text fits on one line: no control character, no line or paragraph separator. */
export function isSingleLine(value: string): boolean {
  return !singleLineForbidden.test(value);
}

/** Whether a multi-line text holds only line breaks (LF, CR) among the characters a single line refuses. */
export function isPlainMultiLine(value: string): boolean {
  return !multiLineForbidden.test(value);
}

/** "Team name cannot contain line breaks or control characters." */
export function singleLineMessage(what: string): string {
  return `${what} cannot contain line breaks or control characters.`;
}

/** "Description cannot contain control characters." */
export function multiLineMessage(what: string): string {
  return `${what} cannot contain control characters.`;
}
