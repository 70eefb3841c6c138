import 'server-only';
import { festivalOffset } from '@/lib/timetable';
import type { Db, Tx } from './client';
import {
  accommodationOptions,
  accommodationTypes,
  eventCategories,
  eventSessions,
  events,
  merchandiseProducts,
  merchandiseVariants,
  participationOptions,
  proniteArtists,
  sponsorGroups,
  sponsors,
  teamGroups,
  teamMembers,
  venues,
} from './schema';
import {
  accommodationSeed,
  artistsSeed,
  categoriesSeed,
  merchandiseSeed,
  sponsorsSeed,
  teamSeed,
  timetableSeed,
  type SeedEvent,
  venuesSeed,
} from './seed-data';

/** How many rows of each kind the seed wrote. */
export interface SeedCounts {
  categories: number;
  events: number;
  options: number;
  teamMembers: number;
  sponsors: number;
  artists: number;
  variants: number;
  accommodationOptions: number;
  venues: number;
  sessions: number;
}

export interface SeedOptions {
  /**
   * Also the sample timetable (timetableSeed): what development and the demo site start with. Tests that
   * build their own timetable, or need none (SPEC.md's placeholder schedule), seed the content alone.
   */
  withTimetable?: boolean;
}

/** Maps rows returned with their position back to ids in array order (never trusting RETURNING order). */
function idsByPosition(rows: { id: number; position: number }[], length: number): number[] {
  const ids = new Array<number>(length);
  for (const row of rows) ids[row.position] = row.id;
  for (let i = 0; i < length; i++) {
    if (ids[i] === undefined) throw new Error(`seed: no id returned for position ${i}`);
  }
  return ids;
}

async function insertEvents(tx: Tx, categoryId: number, list: SeedEvent[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await tx
    .insert(events)
    .values(
      list.map((e, position) => ({
        categoryId,
        name: e.name,
        imageUrl: e.imageUrl,
        description: e.description,
        isRegistrationOpen: e.isRegistrationOpen,
        instituteFeeWaived: e.instituteFeeWaived,
        ruleBookPdfUrl: e.ruleBookPdfUrl,
        poc1Name: e.poc1Name,
        poc1PhoneNo: e.poc1PhoneNo,
        poc2Name: e.poc2Name ?? null,
        poc2PhoneNo: e.poc2PhoneNo ?? null,
        venue: e.venue,
        startsAt: new Date(e.startsAt),
        position,
      })),
    )
    .returning({ id: events.id, position: events.position });
  const eventIds = idsByPosition(rows, list.length);

  const options = list.flatMap((e, i) =>
    e.participations.map((p, position) => ({
      eventId: eventIds[i]!,
      participationName: p.participationName,
      price: p.price,
      minRange: p.minRange,
      maxRange: p.maxRange,
      position,
    })),
  );
  if (options.length > 0) await tx.insert(participationOptions).values(options);
  return options.length;
}

/** The sample timetable's sessions, their events and venues found by name among the rows just seeded. */
async function insertTimetable(tx: Tx): Promise<number> {
  const eventIds = new Map(
    (await tx.select({ id: events.id, name: events.name }).from(events)).map((e) => [e.name, e.id]),
  );
  const venueIds = new Map(
    (await tx.select({ id: venues.id, name: venues.name }).from(venues)).map((v) => [v.name, v.id]),
  );
  const rows = timetableSeed.map((s) => {
    const eventId = eventIds.get(s.event);
    const venueId = venueIds.get(s.venue);
    if (eventId === undefined) throw new Error(`seed: the timetable names an unknown event ${s.event}`);
    if (venueId === undefined) throw new Error(`seed: the timetable names an unknown venue ${s.venue}`);
    return {
      eventId,
      venueId,
      roundName: s.roundName,
      startsAt: new Date(`${s.startsAt}:00${festivalOffset}`),
      endsAt: new Date(`${s.endsAt}:00${festivalOffset}`),
    };
  });
  if (rows.length > 0) await tx.insert(eventSessions).values(rows);
  return rows.length;
}

/** Writes the whole festival content in one transaction; expects empty content tables. */
export async function seed(db: Db, { withTimetable = false }: SeedOptions = {}): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const counts: SeedCounts = {
      categories: 0,
      events: 0,
      options: 0,
      teamMembers: 0,
      sponsors: 0,
      artists: 0,
      variants: 0,
      accommodationOptions: 0,
      venues: 0,
      sessions: 0,
    };

    // Event categories, their events and participation options.
    for (const [position, category] of categoriesSeed.entries()) {
      const [row] = await tx
        .insert(eventCategories)
        .values({ name: category.name, imageUrl: category.imageUrl, isVisible: category.isVisible, position })
        .returning({ id: eventCategories.id });
      if (!row) throw new Error(`seed: category ${category.name} was not inserted`);
      counts.categories += 1;
      counts.options += await insertEvents(tx, row.id, category.events);
      counts.events += category.events.length;
    }

    // Venues for the timetable.
    if (venuesSeed.length > 0) {
      await tx.insert(venues).values(venuesSeed.map((v, position) => ({ ...v, position })));
      counts.venues = venuesSeed.length;
    }
    if (withTimetable) counts.sessions = await insertTimetable(tx);

    // Team.
    for (const [position, group] of teamSeed.entries()) {
      const [row] = await tx
        .insert(teamGroups)
        .values({ teamCategory: group.teamCategory, position })
        .returning({ id: teamGroups.id });
      if (!row) throw new Error(`seed: team group ${group.teamCategory} was not inserted`);
      if (group.members.length === 0) continue;
      await tx.insert(teamMembers).values(
        group.members.map((m, memberPosition) => ({
          groupId: row.id,
          name: m.name,
          designation: m.designation,
          imageUrl: m.imageUrl,
          instagramUrl: m.instagramUrl ?? null,
          linkedInUrl: m.linkedInUrl ?? null,
          position: memberPosition,
        })),
      );
      counts.teamMembers += group.members.length;
    }

    // Sponsors.
    for (const [position, group] of sponsorsSeed.entries()) {
      const [row] = await tx
        .insert(sponsorGroups)
        .values({ sponsorCategory: group.sponsorCategory, position })
        .returning({ id: sponsorGroups.id });
      if (!row) throw new Error(`seed: sponsor group ${group.sponsorCategory} was not inserted`);
      if (group.sponsors.length === 0) continue;
      await tx.insert(sponsors).values(
        group.sponsors.map((s, sponsorPosition) => ({
          groupId: row.id,
          name: s.name,
          imageUrl: s.imageUrl,
          websiteUrl: s.websiteUrl,
          isVisible: s.isVisible,
          position: sponsorPosition,
        })),
      );
      counts.sponsors += group.sponsors.length;
    }

    // Pronite artists.
    if (artistsSeed.length > 0) {
      await tx.insert(proniteArtists).values(
        artistsSeed.map((a, position) => ({
          name: a.name,
          tagline: a.tagline,
          night: a.night,
          imageUrl: a.imageUrl,
          position,
        })),
      );
      counts.artists = artistsSeed.length;
    }

    // Merchandise.
    for (const [position, product] of merchandiseSeed.entries()) {
      const [row] = await tx
        .insert(merchandiseProducts)
        .values({
          name: product.name,
          description: product.description,
          pricePaise: product.pricePaise,
          oldPricePaise: product.oldPricePaise,
          image1Url: product.image1Url,
          image2Url: product.image2Url,
          position,
        })
        .returning({ id: merchandiseProducts.id });
      if (!row) throw new Error(`seed: product ${product.name} was not inserted`);
      if (product.variants.length === 0) continue;
      await tx.insert(merchandiseVariants).values(
        product.variants.map((v, variantPosition) => ({
          productId: row.id,
          type: v.type,
          stock: v.stock,
          isEnabled: v.isEnabled,
          position: variantPosition,
        })),
      );
      counts.variants += product.variants.length;
    }

    // Accommodation.
    for (const [position, type] of accommodationSeed.entries()) {
      const [row] = await tx
        .insert(accommodationTypes)
        .values({
          accommodationType: type.accommodationType,
          pricePerNight: type.pricePerNight,
          description: type.description,
          position,
        })
        .returning({ id: accommodationTypes.id });
      if (!row) throw new Error(`seed: accommodation type ${type.accommodationType} was not inserted`);
      if (type.options.length === 0) continue;
      await tx.insert(accommodationOptions).values(
        type.options.map((o, optionPosition) => ({
          typeId: row.id,
          startDate: o.startDate,
          days: o.days,
          capacity: o.capacity,
          booked: o.booked,
          position: optionPosition,
        })),
      );
      counts.accommodationOptions += type.options.length;
    }

    return counts;
  });
}

/** Seeds only a database whose event_categories table is empty; returns null when content already exists. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedCounts | null> {
  const existing = await db.select({ id: eventCategories.id }).from(eventCategories).limit(1);
  if (existing.length > 0) return null;
  return seed(db, options);
}
