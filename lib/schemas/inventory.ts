/*
 * The kinds of limited item, declared once: the database's kind columns, the inventory's adapters
 * (lib/server/inventory), the waiting lists' API and the screens all take their list from here. A fourth
 * kind starts here (docs/inventory.md). Plain data: the browser imports it too.
 */
export const inventoryKinds = [
  'participation_option',
  'merchandise_variant',
  'accommodation_option',
] as const;

export type InventoryKind = (typeof inventoryKinds)[number];

/** The kinds sold in the shop's screens (an event's places are taken by registering). */
export type ShopKind = Exclude<InventoryKind, 'participation_option'>;

/** Each shop kind's screen: where it is bought, and where a waiting list's offer of it leads. */
export const shopPaths: Record<ShopKind, string> = {
  merchandise_variant: '/merchandise',
  accommodation_option: '/accomodation',
};
