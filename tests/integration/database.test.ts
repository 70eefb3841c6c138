import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { describeEachDatabase } from '../support/test-db';

describeEachDatabase('migrations and seed', (current) => {
  it('creates every table of the domain', async () => {
    const rows = await queryRows<{ table_name: string }>(
      current().db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const name of [
      'users',
      'one_time_codes',
      'event_categories',
      'events',
      'participation_options',
      'team_groups',
      'team_members',
      'sponsor_groups',
      'sponsors',
      'pronite_artists',
      'festival_config',
      'merchandise_products',
      'merchandise_variants',
      'accommodation_types',
      'accommodation_options',
      'payment_orders',
      'stock_holds',
      'webhook_events',
      'registrations',
      'registration_members',
      'merchandise_orders',
      'merchandise_order_lines',
      'accommodation_bookings',
      'uploads',
      'mail_outbox',
      'rate_limit_counters',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('running the migrations again changes nothing', async () => {
    await expect(current().migrate()).resolves.toBeUndefined();
  });

  it('seeds the festival content once: 72 events in at least six categories', async () => {
    const { db } = current();
    const counts = await seedIfEmpty(db);
    expect(counts?.events).toBe(72);
    const [events] = await db.select({ n: count() }).from(schema.events);
    expect(events?.n).toBe(72);
    const [categories] = await db.select({ n: count() }).from(schema.eventCategories);
    expect(categories?.n).toBeGreaterThanOrEqual(6);
    expect(await seedIfEmpty(db)).toBeNull();
    const [again] = await db.select({ n: count() }).from(schema.events);
    expect(again?.n).toBe(72);
  });

  it('seeds what every screen needs: closed events, teams, hidden sponsors, a sold-out size and stay', async () => {
    const { db } = current();
    const closed = await db
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(eq(schema.events.isRegistrationOpen, false));
    expect(closed.length).toBeGreaterThan(0);
    const options = await db.select().from(schema.participationOptions);
    expect(options.some((o) => o.minRange === 1 && o.maxRange === 1 && o.price === 0)).toBe(true);
    expect(options.some((o) => o.maxRange > 1 && o.price > 0)).toBe(true);
    const withLinks = await db.select({ d: schema.events.description }).from(schema.events);
    expect(withLinks.some((e) => /https?:\/\//.test(e.d))).toBe(true);
    const hidden = await db.select().from(schema.sponsors).where(eq(schema.sponsors.isVisible, false));
    expect(hidden.length).toBeGreaterThan(0);
    const [members] = await db.select({ n: count() }).from(schema.teamMembers);
    expect(members?.n).toBeGreaterThan(0);
    const [artists] = await db.select({ n: count() }).from(schema.proniteArtists);
    expect(artists?.n).toBe(3);
    const variants = await db.select().from(schema.merchandiseVariants);
    expect(variants.map((v) => v.type).sort()).toEqual(['L', 'M', 'S', 'XL', 'XS', 'XXL'].sort());
    expect(variants.filter((v) => v.stock - v.sold <= 0 || !v.isEnabled)).toHaveLength(1);
    const stays = await db.select().from(schema.accommodationOptions);
    expect(stays.some((s) => s.booked >= s.capacity)).toBe(true);
    for (const s of stays) {
      const end = new Date(`${s.startDate}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + s.days);
      expect(s.startDate >= '2027-02-20').toBe(true);
      expect(end.toISOString().slice(0, 10) <= '2027-02-24').toBe(true);
    }
  });

  it('keeps one live registration per person and event in the database itself', async () => {
    const { db } = current();
    const [user] = await db
      .insert(schema.users)
      .values({
        email: 'unique@example.com',
        passwordHash: 'x',
        firstName: 'U',
        lastName: 'Q',
        phoneNumber: '9000000000',
        dob: '2000-01-01',
        gender: 'other',
        college: 'Test',
      })
      .returning({ id: schema.users.id });
    const [option] = await db.select().from(schema.participationOptions).limit(1);
    if (!user || !option) throw new Error('fixtures missing');
    const insertRegistration = async () => {
      const [reg] = await db
        .insert(schema.registrations)
        .values({ eventId: option.eventId, participationId: option.id, leaderUserId: user.id })
        .returning({ id: schema.registrations.id });
      await db
        .insert(schema.registrationMembers)
        .values({ registrationId: reg!.id, eventId: option.eventId, userId: user.id, isLeader: true });
    };
    await insertRegistration();
    await expect(insertRegistration()).rejects.toThrow();
  });
});
