/**
 * Which route a pathname is, among route patterns as Next names them (`/event/[id]/register`), decided the
 * way Next decides it: where two patterns both match, the one whose segments are more specific from the
 * left wins (a static segment before a dynamic `[x]`, that before a catch-all `[...x]`, that before an
 * optional catch-all `[[...x]]`). Pure, so that it is tested on its own. The one rule for it: the
 * stylesheet chooses a page's rules by it (lib/stylesheet/server-stylesheet.ts), and the metrics label a
 * request with it (lib/server/metrics/route-patterns.ts).
 */

type Segment =
  | { kind: 'static'; name: string }
  | { kind: 'dynamic' }
  | { kind: 'catch-all' }
  | { kind: 'optional-catch-all' };

/** The order in which Next prefers the kinds of segment at the same place. */
const preference: Record<Segment['kind'], number> = {
  static: 0,
  dynamic: 1,
  'catch-all': 2,
  'optional-catch-all': 3,
};

/** A matcher for these patterns: the pattern a pathname is, or undefined when none is (a 404). */
export function routeMatcher(patterns: readonly string[]): (pathname: string) => string | undefined {
  const routes = patterns
    .map((pattern) => ({ pattern, segments: splitPath(pattern).map(parseSegment) }))
    .sort((a, b) => compareSpecificity(a.segments, b.segments));
  return (pathname) => {
    const parts = splitPath(pathname).map(decodeSegment);
    return routes.find((route) => matches(route.segments, parts))?.pattern;
  };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

function parseSegment(segment: string): Segment {
  if (segment.startsWith('[[...') && segment.endsWith(']]')) return { kind: 'optional-catch-all' };
  if (segment.startsWith('[...') && segment.endsWith(']')) return { kind: 'catch-all' };
  if (segment.startsWith('[') && segment.endsWith(']')) return { kind: 'dynamic' };
  return { kind: 'static', name: segment };
}

/** A pathname's segment as the folder would be named: `caf%C3%A9` is `café`; a malformed one stays. */
function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Negative when `a` is preferred: the first segment where the kinds differ decides, then the shorter. */
function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = preference[a[i]!.kind] - preference[b[i]!.kind];
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    // A catch-all is the pattern's last segment, and takes what remains of the path.
    if (segment.kind === 'catch-all') return parts.length > i;
    if (segment.kind === 'optional-catch-all') return true;
    const part = parts[i];
    if (part === undefined) return false;
    if (segment.kind === 'static' && segment.name !== part) return false;
  }
  return parts.length === segments.length;
}
