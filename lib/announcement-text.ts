/** What the public pages show of an announcement (SPEC: plain text, written in the organisers' console). */

/** The first line of a message with text on it: all a banner has room for. */
export function firstLine(body: string): string {
  return (
    body
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/** Whether a link leads to a page of this site (followed by the client's router) rather than elsewhere. */
export function isSiteLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

/**
 * The banner when it is still up at `now`, else null. The cached copy may have been read before `until`
 * and rendered after it, in the seconds before the server marks the pages stale.
 */
export function bannerUpAt<T extends { until: string }>(banner: T | null, now: number): T | null {
  return banner && new Date(banner.until).getTime() > now ? banner : null;
}
