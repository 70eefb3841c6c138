/*
 * The figures as the dashboard's loader answers them (CategoryCount of lib/server/admin/dashboard.ts),
 * restated here because components run in the browser and may not import server code, types included.
 */
export interface EventFigures {
  eventId: number;
  eventName: string;
  registrations: number;
  participants: number;
}

export interface CategoryFigures {
  categoryId: number;
  categoryName: string;
  registrations: number;
  participants: number;
  events: EventFigures[];
}

/** An event with the category it is listed under. */
export interface RankedEvent extends EventFigures {
  categoryName: string;
}

/** How many events the dashboard names before "Show all": about a phone screen of bars. */
export const busiestEventsShown = 10;

/**
 * The events the dashboard names first: those with at least one registration, the most registrations
 * first (then the most participants, then the menu's order), at most `limit`. With seventy events, most
 * at nought before the festival, listing them all filled about ten phone screens with zeros.
 */
export function busiestEvents(
  categories: readonly CategoryFigures[],
  limit = busiestEventsShown,
): RankedEvent[] {
  const active = categories.flatMap((c) =>
    c.events.filter((e) => e.registrations > 0).map((e) => ({ ...e, categoryName: c.categoryName })),
  );
  // Array.prototype.sort is stable, so events that tie keep the menu's order.
  return active
    .sort((a, b) => b.registrations - a.registrations || b.participants - a.participants)
    .slice(0, limit);
}

/** Events with at least one registration, and all events, across the categories. */
export function eventActivity(categories: readonly CategoryFigures[]): { active: number; total: number } {
  const all = categories.flatMap((c) => c.events);
  return { active: all.filter((e) => e.registrations > 0).length, total: all.length };
}
