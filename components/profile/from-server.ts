import type { MyNotifications } from '@/components/notifications/notifications-api';
import type { Profile } from '@/lib/schemas/auth';
import type { PublicCertificate } from '@/lib/schemas/certificate-rules';
import type { MyPlans } from '@/lib/schemas/changes';
import type { MyPass } from '@/lib/schemas/passes';
import type { MyTransfers } from '@/lib/schemas/transfers';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import type { MyTimetable } from './timetable-days';

/**
 * What /profile's page read on the server for its visitor, each as the section's API route would have
 * answered it; null where the read failed, and that section loads in the browser as it always did.
 */
export interface ProfileFromServer {
  /** Whose data this is: the guard cookie's user. The tab's own signed-in user must be the same. */
  userId: string;
  /** When the page was rendered (ms since 1970, the server's clock): see isCurrent. */
  renderedAt: number;
  profile: Profile | null;
  /** `{ pass: null }`: read, and this person has no pass (the route's 404). */
  pass: { pass: MyPass | null } | null;
  certificates: PublicCertificate[] | null;
  waitingLists: MyWaitingEntry[] | null;
  timetable: MyTimetable | null;
  notifications: MyNotifications | null;
  transfers: MyTransfers | null;
  plans: MyPlans | null;
}

/** One section's data as the page brought it, and when the page was rendered. */
export interface ServerCopy<T> {
  value: T;
  renderedAt: number;
}

/**
 * How old a document may be for its data to be shown as this moment's. The service worker keeps
 * /profile's document for a gate without signal, and a tab can be restored long after it was loaded: such a
 * copy is shown at once (no loader) but read again, as if the page had brought nothing.
 */
export const currentForMs = 60_000;

/**
 * Whether a section can show the page's copy as it is and skip its own request. Only in the browser,
 * after hydration (it reads the clock and the connection): the first render always shows the copy, as the
 * server did. Offline, a document is the worker's kept copy, however recent. A device clock more than a
 * minute off the server's makes every document look old: the sections then read again, as before.
 */
export function isCurrent(
  copy: ServerCopy<unknown> | undefined,
  now: number = Date.now(),
  online: boolean = typeof navigator === 'undefined' || navigator.onLine !== false,
): boolean {
  if (!copy || !online) return false;
  return Math.abs(now - copy.renderedAt) < currentForMs;
}

/** The copies sections have started from: which section, and the render it came with. */
const started = new Set<string>();

/**
 * Whether `section` can show the page's copy as it is and skip its own request: the copy is current and
 * the section has not started from it before. Next's router shows a page again from its own cache on Back
 * and Forward: the same copy, perhaps after the visitor changed something on another page (registered,
 * bought), so a section mounted again from a copy it has had reads again. In the browser, in an effect.
 */
export function startsFromCopy(copy: ServerCopy<unknown> | undefined, section: string): boolean {
  if (!isCurrent(copy)) return false;
  const key = `${section}@${copy!.renderedAt}`;
  if (started.has(key)) return false;
  started.add(key);
  return true;
}
