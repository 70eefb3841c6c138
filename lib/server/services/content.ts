import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  EventCategory,
  FestivalEvent,
  ProniteArtist,
  SponsorGroup,
  TeamGroup,
} from '@/lib/content-types';
import type { Db } from '@/lib/server/db';
import {
  eventCategories,
  events,
  participationOptions,
  proniteArtists,
  sponsorGroups,
  sponsors,
  teamGroups,
  teamMembers,
} from '@/lib/server/db/schema';
import { unitsLeftColumn } from '@/lib/server/inventory';

/*
 * Reads of the festival's public content, as plain objects in the API's shapes. Everything is ordered by
 * the organisers' `position`, then id, so lists are stable.
 */

export async function listEventCategories(db: Db): Promise<EventCategory[]> {
  return db
    .select({ id: eventCategories.id, name: eventCategories.name, imageUrl: eventCategories.imageUrl })
    .from(eventCategories)
    .where(eq(eventCategories.isVisible, true))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id));
}

const eventColumns = {
  id: events.id,
  categoryId: events.categoryId,
  name: events.name,
  image_url: events.imageUrl,
  description: events.description,
  isRegistrationOpen: events.isRegistrationOpen,
  instituteFeeWaived: events.instituteFeeWaived,
  rule_book_pdf_url: events.ruleBookPdfUrl,
  poc1_name: events.poc1Name,
  poc1_phone_no: events.poc1PhoneNo,
  poc2_name: events.poc2Name,
  poc2_phone_no: events.poc2PhoneNo,
  venue: events.venue,
  startsAt: events.startsAt,
};

async function withParticipations(
  db: Db,
  rows: (Omit<FestivalEvent, 'participations' | 'startsAt'> & { startsAt: Date | null })[],
): Promise<FestivalEvent[]> {
  if (rows.length === 0) return [];
  const options = await db
    .select({
      id: participationOptions.id,
      eventId: participationOptions.eventId,
      participation_name: participationOptions.participationName,
      price: participationOptions.price,
      min_range: participationOptions.minRange,
      max_range: participationOptions.maxRange,
      places_left: unitsLeftColumn.participation_option(),
    })
    .from(participationOptions)
    .where(
      inArray(
        participationOptions.eventId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(participationOptions.position), asc(participationOptions.id));
  return rows.map((row) => ({
    ...row,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    participations: options
      .filter((o) => o.eventId === row.id)
      .map((o) => ({
        id: o.id,
        participation_name: o.participation_name,
        price: o.price,
        min_range: o.min_range,
        max_range: o.max_range,
        places_left: o.places_left === null ? null : Number(o.places_left),
      })),
  }));
}

/** Visible events of a visible category; an unknown or hidden category gives an empty list. */
export async function getEventsByCategory(
  db: Db,
  { categoryId }: { categoryId: number },
): Promise<FestivalEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(
      and(eq(events.categoryId, categoryId), eq(events.isVisible, true), eq(eventCategories.isVisible, true)),
    )
    .orderBy(asc(events.position), asc(events.id));
  return withParticipations(db, rows);
}

/** One visible event of a visible category, or null (a hidden event is "not found" to the public). */
export async function getEvent(db: Db, { eventId }: { eventId: number }): Promise<FestivalEvent | null> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(eq(events.id, eventId), eq(events.isVisible, true), eq(eventCategories.isVisible, true)))
    .limit(1);
  const [event] = await withParticipations(db, rows);
  return event ?? null;
}

/** Every visible event, for the sitemap and structured data. */
export async function listAllEvents(db: Db): Promise<FestivalEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(eq(events.isVisible, true), eq(eventCategories.isVisible, true)))
    .orderBy(asc(eventCategories.position), asc(events.position), asc(events.id));
  return withParticipations(db, rows);
}

/** Visible groups with their visible members; a group whose members are all hidden is left out. */
export async function listTeam(db: Db): Promise<TeamGroup[]> {
  const groups = await db
    .select()
    .from(teamGroups)
    .where(eq(teamGroups.isVisible, true))
    .orderBy(asc(teamGroups.position), asc(teamGroups.id));
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.isVisible, true))
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));
  const shown = groups.map((g) => ({
    teamCategory: g.teamCategory,
    teamMembers: members
      .filter((m) => m.groupId === g.id)
      .map((m) => ({
        name: m.name,
        designation: m.designation,
        imageUrl: m.imageUrl,
        ...(m.instagramUrl ? { instagramUrl: m.instagramUrl } : {}),
        ...(m.linkedInUrl ? { linkedInUrl: m.linkedInUrl } : {}),
      })),
  }));
  return shown.filter((g) => g.teamMembers.length > 0);
}

/** Sponsor groups; with visibleOnly, hidden groups, hidden sponsors and groups left empty are dropped. */
export async function listSponsors(
  db: Db,
  { visibleOnly }: { visibleOnly: boolean },
): Promise<SponsorGroup[]> {
  const groups = await db
    .select()
    .from(sponsorGroups)
    .where(visibleOnly ? eq(sponsorGroups.isVisible, true) : undefined)
    .orderBy(asc(sponsorGroups.position), asc(sponsorGroups.id));
  const rows = await db
    .select()
    .from(sponsors)
    .where(visibleOnly ? eq(sponsors.isVisible, true) : undefined)
    .orderBy(asc(sponsors.position), asc(sponsors.id));
  return groups
    .map((g) => ({
      sponsorCategory: g.sponsorCategory,
      sponsors: rows
        .filter((s) => s.groupId === g.id)
        .map((s) => ({
          name: s.name,
          imageUrl: s.imageUrl,
          websiteUrl: s.websiteUrl,
          isVisible: s.isVisible,
        })),
    }))
    .filter((g) => !visibleOnly || g.sponsors.length > 0);
}

export async function listProniteArtists(db: Db): Promise<ProniteArtist[]> {
  return db
    .select({
      id: proniteArtists.id,
      name: proniteArtists.name,
      tagline: proniteArtists.tagline,
      night: proniteArtists.night,
      imageUrl: proniteArtists.imageUrl,
    })
    .from(proniteArtists)
    .where(eq(proniteArtists.isVisible, true))
    .orderBy(asc(proniteArtists.position), asc(proniteArtists.id));
}
