import 'server-only';
import type { PublishedPlacing } from '@/lib/schemas/results';

/**
 * A placing as `published_results.placings` stores it: what the public reads, plus the registration it
 * went to, so merit certificates follow exactly what was published (not a later draft). The id never
 * leaves the server: every reader goes through `publicPlacings`.
 */
export interface StoredPlacing extends PublishedPlacing {
  registrationId: string;
}

export function publicPlacings(stored: unknown): PublishedPlacing[] {
  return (stored as StoredPlacing[]).map(({ place, mention, name, college, members }) => ({
    place,
    mention,
    name,
    college,
    members,
  }));
}
