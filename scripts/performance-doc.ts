// docs/performance.md is written by more than one benchmark: each owns a section between its own markers
// and replaces only that, so running one never drops the other's figures.
import fs from 'node:fs';
import path from 'node:path';

export const performanceDoc = path.join('docs', 'performance.md');

/** `document` with the section named `name` replaced by `body` (appended when it has no markers yet). */
export function withSection(document: string, name: string, body: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from >= 0 && to > from) return document.slice(0, from) + block + document.slice(to + end.length);
  return `${document.trimEnd()}\n\n${block}\n`;
}

/** Replaces one benchmark's section of docs/performance.md, keeping everything else. */
export function writeSection(name: string, body: string): void {
  const current = fs.existsSync(performanceDoc) ? fs.readFileSync(performanceDoc, 'utf8') : '# Performance\n';
  fs.writeFileSync(performanceDoc, withSection(current, name, body));
}
