/*
 * The inventory: every limited thing the festival gives out (an event's places, T-shirt sizes, stays),
 * their holds and their waiting lists' offers, as one part (docs/inventory.md). Code outside this folder
 * imports only this file (an ESLint rule keeps it so).
 */
export {
  adapters,
  fullMessage,
  inventoryKinds,
  itemInfo,
  type InventoryKind,
  type ItemFigures,
  type ItemInfo,
} from './kinds';
export {
  activeHold,
  assertUnitsLeft,
  heldUnits,
  lockedUnitsLeft,
  unitsLeft,
  unitsLeftColumn,
  unitsTakenColumn,
} from './rule';
export { holdMinutes } from './hold-time';
export {
  convertHolds,
  holdStock,
  maxMerchandiseUnitsPerOrder,
  releaseHolds,
  replaceAccountHolds,
  transactionWithHolds,
  type ReleasedHold,
} from './holds';
export { inventoryChanged, type InventoryChange } from './signal';
export {
  defaultOfferHours,
  makeOffers,
  offerHours,
  offerHoursKey,
  offerLink,
  offeredItem,
  releaseOfferHold,
  setOfferHours,
  takeOverOffer,
  unpaidTakeOver,
  type WaitingEntry,
} from './offers';
export { signalExpiredHolds } from './expiry';
