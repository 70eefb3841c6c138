import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bannerUpAt, firstLine, isSiteLink } from '@/lib/announcement-text';
import type { CreateAnnouncement } from '@/lib/schemas/announcements';
import { createAnnouncement, endBanner } from '@/lib/server/announcements/announcements';
import { announcements } from '@/lib/server/db/schema';
import { quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

/*
 * The public pages' cached reads of announcements (lib/server/content-cache.ts): what they are tagged
 * with, so the server's revalidation reaches them, and what they answer: what everyone may read, newest
 * first, and the banner while it is up.
 */

// next/cache needs Next's request context: each cached read is registered here and read straight through.
const registered = vi.hoisted(() => [] as { key: string[]; options: Record<string, unknown> }[]);
vi.mock('next/cache', () => ({
  revalidateTag: () => {},
  unstable_cache: <T>(fn: T, key: string[], options: Record<string, unknown>) => {
    registered.push({ key, options });
    return fn;
  },
}));

const { cachedBanner, cachedPublicAnnouncements } = await import('@/lib/server/content-cache');

describe('the cached reads of announcements', () => {
  it('are tagged content:announcements and kept until the tag is revalidated, not for a set time', () => {
    for (const key of ['public-announcements', 'announcement-banner']) {
      const read = registered.find((r) => r.key.includes(key));
      expect(read, key).toBeDefined();
      expect(read?.options).toEqual({ tags: ['content:announcements'] });
    }
  });
});

describe('what the public pages show of an announcement', () => {
  it("shows a banner's first line with text, and no banner whose time is over", () => {
    expect(firstLine('\n  Gates open at 10  \nBring your pass')).toBe('Gates open at 10');
    expect(firstLine('   ')).toBe('');
    const banner = { title: 'Rain', until: '2027-02-20T10:00:00.000Z' };
    expect(bannerUpAt(banner, Date.parse('2027-02-20T09:59:59.000Z'))).toBe(banner);
    expect(bannerUpAt(banner, Date.parse('2027-02-20T10:00:00.000Z'))).toBeNull();
    expect(bannerUpAt(null, 0)).toBeNull();
  });

  it('follows a page of the site with the router and anything else as a plain link', () => {
    expect(isSiteLink('/schedule')).toBe(true);
    expect(isSiteLink('https://example.com/map')).toBe(false);
    expect(isSiteLink('//example.com')).toBe(false);
  });
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describeEachDatabase('public announcements', (current) => {
  const db = () => current().db;
  let organiser: { id: string; email: string };

  beforeAll(async () => {
    const user = await quickUser(db(), { role: 'organiser' });
    organiser = { id: user.userId, email: user.email };
  });

  afterEach(async () => {
    await db().delete(announcements);
  });

  async function send(input: Partial<CreateAnnouncement> & Pick<CreateAnnouncement, 'title'>) {
    await pause(); // each its own sent time, so newest first is well defined
    return createAnnouncement(db(), organiser, {
      body: 'Details follow.',
      audience: { kind: 'everyone' },
      channels: ['mail'],
      bannerHours: 1,
      ...input,
    });
  }

  it('answers nothing before anything is sent', async () => {
    expect(await cachedPublicAnnouncements()).toEqual([]);
    expect(await cachedBanner()).toBeNull();
  });

  it("lists what everyone may read, newest first, and not a group's own or one not sent yet", async () => {
    await send({ title: 'Welcome', body: 'Line one\nLine two', link: '/schedule' });
    await send({ title: 'Stay holders: hot water', audience: { kind: 'stay_holders' } });
    const tomorrow = await send({
      title: 'Tomorrow',
      sendAt: new Date(Date.now() + 86400_000).toISOString(),
    });
    expect(tomorrow.state).toBe('scheduled');
    await send({ title: 'Rain plan', audience: { kind: 'stay_holders' }, channels: ['banner'] });
    const listed = await cachedPublicAnnouncements();
    expect(listed.map((a) => a.title)).toEqual(['Rain plan', 'Welcome']);
    expect(listed[1]).toMatchObject({ body: 'Line one\nLine two', link: '/schedule' });
    expect(Date.parse(listed[0]!.sentAt)).toBeGreaterThan(Date.parse(listed[1]!.sentAt));
  });

  it('answers the newest banner that is up, with its end, and the one before once it is ended', async () => {
    const first = await send({ title: 'Parking', channels: ['banner'], bannerHours: 2 });
    const second = await send({ title: 'Gates', channels: ['banner', 'mail'], bannerHours: 1 });
    const banner = await cachedBanner();
    expect(banner).toMatchObject({ id: second.id, title: 'Gates', until: second.bannerUntil });

    await endBanner(db(), organiser, second.id);
    expect(await cachedBanner()).toMatchObject({ id: first.id, title: 'Parking' });
    await endBanner(db(), organiser, first.id);
    expect(await cachedBanner()).toBeNull();
    // Ended banners stay on the page of announcements.
    expect((await cachedPublicAnnouncements()).map((a) => a.title)).toEqual(['Gates', 'Parking']);
  });
});
