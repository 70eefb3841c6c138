import 'server-only';
import type { AudienceNames } from '@/components/admin/announcements/announcement-text';
import type { CategoryChoice } from '@/components/admin/timetable/event-select';
import { listCategoriesWithEvents } from '@/lib/server/admin/events';
import { listAdminVenues } from '@/lib/server/admin/timetable';
import type { Db } from '@/lib/server/db';

/**
 * The events (by category) and venues an audience can name, for the form's choices and for saying an
 * announcement's audience in words. Hidden events count too: their registrants can be written to.
 */
export async function audienceChoices(db: Db): Promise<{
  categories: CategoryChoice[];
  venues: { id: number; name: string }[];
  names: AudienceNames;
}> {
  const [categories, venues] = await Promise.all([listCategoriesWithEvents(db), listAdminVenues(db)]);
  // The form needs the events' names only, not their descriptions and options.
  const choices: CategoryChoice[] = categories.map((c) => ({
    id: c.id,
    name: c.name,
    isVisible: c.isVisible,
    events: c.events.map((e) => ({ id: e.id, name: e.name, isVisible: e.isVisible })),
  }));
  return {
    categories: choices,
    venues: venues.map((v) => ({ id: v.id, name: v.name })),
    names: {
      events: new Map(choices.flatMap((c) => c.events.map((e) => [e.id, e.name] as const))),
      venues: new Map(venues.map((v) => [v.id, v.name])),
    },
  };
}
