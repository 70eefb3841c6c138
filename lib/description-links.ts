/**
 * Splits an event description into text and web links, so screens can replace each link with a
 * 'Registration Link' anchor (SPEC.md part 2). Trailing punctuation stays with the text.
 */
export type DescriptionPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const urlPattern = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;

export function splitDescription(description: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  let last = 0;
  for (const match of description.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', text: description.slice(last, start) });
    parts.push({ kind: 'link', href: match[0] });
    last = start + match[0].length;
  }
  if (last < description.length) parts.push({ kind: 'text', text: description.slice(last) });
  return parts;
}

export function hasLink(description: string): boolean {
  return splitDescription(description).some((p) => p.kind === 'link');
}
