/*
 * What the payment result screens say was bought. /success and /failure are reached by a plain navigation
 * with nothing in the URL (a shared or bookmarked link must not claim a purchase), so the purchase flow
 * leaves a note in this tab's sessionStorage as Checkout opens, and the result screen reads it back.
 * The note names its buyer: on a shared phone another account never sees it, and a logout forgets it.
 */

/** The three purchases of SPEC.md part 1, each worded its own way on the result screens. */
export type PurchaseKind = 'event' | 'merchandise' | 'accommodation';

/** What a purchase plan says it is buying, in the words the result screens use. */
export interface PurchaseSummary {
  kind: PurchaseKind;
  /** The buyer's user id: the note is shown to this account only. */
  userId: string;
  /**
   * What is bought, one line each: 'Robot Arena (Solo)' for an event; 'T-shirt, size M' or
   * '2 × T-shirt, size L' for merchandise; '2 nights from 20th Feb, 2027 (Dormitory)' for a stay.
   */
  items: string[];
  /** The screen the purchase was made on ('/accomodation'), where a failed one can be tried again. */
  retryPath: string;
}

export interface PurchaseRecord extends PurchaseSummary {
  /** When Checkout opened (epoch ms); an old note is not shown any more. */
  at: number;
}

export const purchaseRecordKey = 'payment-result:last';

/** A note older than this belongs to an earlier visit, not to the result being shown. */
const recordLifetimeMs = 2 * 60 * 60 * 1000;

/** Remembers the purchase whose Checkout is opening; silent where sessionStorage is unavailable. */
export function rememberPurchase(summary: PurchaseSummary, now = Date.now()): void {
  try {
    // Read inside the try: with storage disabled, merely reading window.sessionStorage throws.
    window.sessionStorage.setItem(
      purchaseRecordKey,
      JSON.stringify({ ...summary, at: now } satisfies PurchaseRecord),
    );
  } catch {
    // Private mode or a full storage: the result screen then just does not say what was bought.
  }
}

function isRecord(value: unknown): value is PurchaseRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'event' || v.kind === 'merchandise' || v.kind === 'accommodation') &&
    typeof v.userId === 'string' &&
    Array.isArray(v.items) &&
    v.items.every((item) => typeof item === 'string') &&
    typeof v.retryPath === 'string' &&
    // Only a path on this site: the note is read back into a link.
    v.retryPath.startsWith('/') &&
    !v.retryPath.startsWith('//') &&
    typeof v.at === 'number'
  );
}

/** The remembered purchase of `userId`, from the stored text; null when absent, foreign, stale or corrupt. */
export function readPurchaseRecord(
  stored: string | null,
  userId: string | undefined,
  now = Date.now(),
): PurchaseRecord | null {
  if (!stored || !userId) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (!isRecord(value) || value.userId !== userId) return null;
    return now - value.at <= recordLifetimeMs && value.at <= now ? value : null;
  } catch {
    return null;
  }
}

/** Logging out forgets the note: the next person on the phone must not see what was bought. */
export function forgetPurchaseRecord(storage: Storage): void {
  storage.removeItem(purchaseRecordKey);
}

/**
 * The lines the result screen shows under its heading: what was paid for on /success, what was not on
 * /failure ('Registered for Robot Arena (Solo)' against 'Registration for Robot Arena (Solo)').
 */
export function purchaseLines(record: Pick<PurchaseRecord, 'kind' | 'items'>, paid: boolean): string[] {
  switch (record.kind) {
    case 'event':
      return record.items.map((item) => (paid ? `Registered for ${item}` : `Registration for ${item}`));
    case 'merchandise':
      return record.items;
    case 'accommodation':
      return record.items.map((item) => `Stay: ${item}`);
  }
}

/** 'T-shirt, size M', or '2 × T-shirt, size L': one cart line as the result screen names it. */
export function merchandiseItem(size: string, qty: number): string {
  const item = `T-shirt, size ${size}`;
  return qty > 1 ? `${qty} × ${item}` : item;
}
