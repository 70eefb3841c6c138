import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { GET as publicAccommodation } from '@/app/api/accommodation/get-all-accommodation/route';
import * as accommodationOptionItem from '@/app/api/admin/accommodation-option/[id]/route';
import * as accommodationOptionReorder from '@/app/api/admin/accommodation-option/reorder/route';
import * as accommodationOption from '@/app/api/admin/accommodation-option/route';
import * as accommodationTypeItem from '@/app/api/admin/accommodation-type/[id]/route';
import * as accommodationTypeReorder from '@/app/api/admin/accommodation-type/reorder/route';
import * as accommodationType from '@/app/api/admin/accommodation-type/route';
import { GET as publicSponsors } from '@/app/api/admin/getSponsors/route';
import * as merchandiseItem from '@/app/api/admin/merchandise/[id]/route';
import * as merchandiseReorder from '@/app/api/admin/merchandise/reorder/route';
import * as merchandise from '@/app/api/admin/merchandise/route';
import * as variantItem from '@/app/api/admin/merchandise-variant/[id]/route';
import * as variantReorder from '@/app/api/admin/merchandise-variant/reorder/route';
import * as variant from '@/app/api/admin/merchandise-variant/route';
import * as proniteItem from '@/app/api/admin/pronite-artist/[id]/route';
import * as proniteReorder from '@/app/api/admin/pronite-artist/reorder/route';
import * as pronite from '@/app/api/admin/pronite-artist/route';
import * as sponsorGroupItem from '@/app/api/admin/sponsor-group/[id]/route';
import * as sponsorGroupReorder from '@/app/api/admin/sponsor-group/reorder/route';
import * as sponsorGroup from '@/app/api/admin/sponsor-group/route';
import * as sponsorItem from '@/app/api/admin/sponsor/[id]/route';
import * as sponsorReorder from '@/app/api/admin/sponsor/reorder/route';
import * as sponsor from '@/app/api/admin/sponsor/route';
import { GET as publicTeam } from '@/app/api/admin/team/get-team/route';
import * as teamGroupItem from '@/app/api/admin/team-group/[id]/route';
import * as teamGroupReorder from '@/app/api/admin/team-group/reorder/route';
import * as teamGroup from '@/app/api/admin/team-group/route';
import * as teamMemberItem from '@/app/api/admin/team-member/[id]/route';
import * as teamMemberReorder from '@/app/api/admin/team-member/reorder/route';
import * as teamMember from '@/app/api/admin/team-member/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { GET as publicMerchandise } from '@/app/api/merchandise/get-merchandise/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import type { SponsorGroup, TeamGroup } from '@/lib/content-types';
import type {
  AdminAccommodationOption,
  AdminAccommodationType,
  AdminMerchandiseProduct,
  AdminMerchandiseVariant,
  AdminProniteArtist,
  AdminSponsor,
  AdminSponsorGroup,
  AdminTeamGroup,
  AdminTeamMember,
} from '@/lib/schemas/admin-content';
import type { AccommodationType, MerchandiseProduct } from '@/lib/schemas/shop-rules';
import { listAudit } from '@/lib/server/admin/audit';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { merchandiseProducts } from '@/lib/server/db/schema';
import { listProniteArtists } from '@/lib/server/services/content';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { quickUser } from '../support/accounts';
import { call, multipartRequest } from '../support/api';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

// Writes revalidate the public pages through next/cache, which needs Next's request context: record
// the tags instead, so a test can see which public content a write marked as changed.
const cache = vi.hoisted(() => ({ revalidated: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string) => {
    cache.revalidated.push(tag);
  },
  unstable_cache: <T>(fn: T) => fn,
}));

type Answer<T> = { message: string; data: T; errors?: Record<string, string>; reason?: string };
type Handler = Parameters<typeof call>[0];

/** Every endpoint of the content console, with a method and an id where the route needs one. */
const endpoints: [string, Handler, string, Record<string, string>?][] = [
  ['GET team-group', teamGroup.GET, 'GET'],
  ['POST team-group', teamGroup.POST, 'POST'],
  ['PATCH team-group/1', teamGroupItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE team-group/1', teamGroupItem.DELETE, 'DELETE', { id: '1' }],
  ['POST team-group/reorder', teamGroupReorder.POST, 'POST'],
  ['GET team-member', teamMember.GET, 'GET'],
  ['POST team-member', teamMember.POST, 'POST'],
  ['PATCH team-member/1', teamMemberItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE team-member/1', teamMemberItem.DELETE, 'DELETE', { id: '1' }],
  ['POST team-member/reorder', teamMemberReorder.POST, 'POST'],
  ['GET sponsor-group', sponsorGroup.GET, 'GET'],
  ['POST sponsor-group', sponsorGroup.POST, 'POST'],
  ['PATCH sponsor-group/1', sponsorGroupItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE sponsor-group/1', sponsorGroupItem.DELETE, 'DELETE', { id: '1' }],
  ['POST sponsor-group/reorder', sponsorGroupReorder.POST, 'POST'],
  ['GET sponsor', sponsor.GET, 'GET'],
  ['POST sponsor', sponsor.POST, 'POST'],
  ['PATCH sponsor/1', sponsorItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE sponsor/1', sponsorItem.DELETE, 'DELETE', { id: '1' }],
  ['POST sponsor/reorder', sponsorReorder.POST, 'POST'],
  ['GET pronite-artist', pronite.GET, 'GET'],
  ['POST pronite-artist', pronite.POST, 'POST'],
  ['PATCH pronite-artist/1', proniteItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE pronite-artist/1', proniteItem.DELETE, 'DELETE', { id: '1' }],
  ['POST pronite-artist/reorder', proniteReorder.POST, 'POST'],
  ['GET merchandise', merchandise.GET, 'GET'],
  ['POST merchandise', merchandise.POST, 'POST'],
  ['PATCH merchandise/1', merchandiseItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE merchandise/1', merchandiseItem.DELETE, 'DELETE', { id: '1' }],
  ['POST merchandise/reorder', merchandiseReorder.POST, 'POST'],
  ['GET merchandise-variant', variant.GET, 'GET'],
  ['POST merchandise-variant', variant.POST, 'POST'],
  ['PATCH merchandise-variant/1', variantItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE merchandise-variant/1', variantItem.DELETE, 'DELETE', { id: '1' }],
  ['POST merchandise-variant/reorder', variantReorder.POST, 'POST'],
  ['GET accommodation-type', accommodationType.GET, 'GET'],
  ['POST accommodation-type', accommodationType.POST, 'POST'],
  ['PATCH accommodation-type/1', accommodationTypeItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE accommodation-type/1', accommodationTypeItem.DELETE, 'DELETE', { id: '1' }],
  ['POST accommodation-type/reorder', accommodationTypeReorder.POST, 'POST'],
  ['GET accommodation-option', accommodationOption.GET, 'GET'],
  ['POST accommodation-option', accommodationOption.POST, 'POST'],
  ['PATCH accommodation-option/1', accommodationOptionItem.PATCH, 'PATCH', { id: '1' }],
  ['DELETE accommodation-option/1', accommodationOptionItem.DELETE, 'DELETE', { id: '1' }],
  ['POST accommodation-option/reorder', accommodationOptionReorder.POST, 'POST'],
];

const uploadRequest = (token: string) => multipartRequest('http://localhost/api/admin/upload', token);

describeEachDatabase('console content', (current) => {
  const db = () => current().db;
  let organiser: { token: string; email: string; userId: string };
  let plainUser: { token: string };

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    plainUser = await quickUser(db());
  });

  beforeEach(() => {
    cache.revalidated.length = 0;
    // Purchases here are confirmed from the "browser"; the webhook path is covered by the shop tests.
    setSandboxWebhookMode('off');
  });

  /** Calls an endpoint as the organiser. */
  function as<T>(
    handler: Handler,
    options: { body?: unknown; params?: Record<string, string>; method?: string } = {},
  ) {
    return call<Answer<T>>(handler, { ...options, token: organiser.token });
  }

  describe('access', () => {
    it.each(endpoints)('%s is refused to signed-out callers (401) and plain users (403)', async (...args) => {
      const [, handler, method, params] = args;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const signedOut = await call(handler, { method, params, body });
      expect(signedOut).toMatchObject({ status: 401, body: { message: 'Please log in to continue.' } });
      const user = await call(handler, { method, params, body, token: plainUser.token });
      expect(user).toMatchObject({
        status: 403,
        body: { message: 'You do not have permission to do this.' },
      });
    });
  });

  describe('validation', () => {
    it('answers 400 with a message per field', async () => {
      const member = await as(teamMember.POST, { body: { instagramUrl: 'instagram.com/someone' } });
      expect(member.status).toBe(400);
      expect(member.body.errors).toMatchObject({
        groupId: 'Please choose the team group.',
        name: 'Name is required.',
        designation: 'Designation is required.',
        imageUrl: 'Photo is required.',
        instagramUrl: 'Instagram link must start with https://',
      });
      const product = await as(merchandise.POST, {
        body: { name: 'Tee', description: 'Cotton', price: '12.345', image1Url: 'javascript:alert(1)' },
      });
      expect(product.status).toBe(400);
      expect(product.body.errors).toMatchObject({
        price: 'Price may have at most two decimals.',
        image1Url: 'First image must be an uploaded image or an https:// address.',
      });
      const option = await as(accommodationOption.POST, {
        body: { typeId: 1, startDate: '21-02-2027', days: 0, capacity: -1 },
      });
      expect(option.body.errors).toMatchObject({
        startDate: 'Start date must be a date (YYYY-MM-DD).',
        days: 'Days must be at least 1.',
        capacity: 'Capacity must be at least 0.',
      });
      const website = await as(sponsorItem.PATCH, {
        method: 'PATCH',
        params: { id: '1' },
        body: { websiteUrl: 'ftp://x' },
      });
      expect(website).toMatchObject({
        status: 400,
        body: { errors: { websiteUrl: 'Website must start with https://' } },
      });
      const badId = await as(sponsorItem.DELETE, { method: 'DELETE', params: { id: 'abc' } });
      expect(badId).toMatchObject({
        status: 400,
        body: { message: 'The sponsor id must be a positive whole number.' },
      });
      const unknown = await as(proniteItem.PATCH, {
        method: 'PATCH',
        params: { id: '999999' },
        body: { name: 'X' },
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'No pronite artist has that id.' } });
      const noGroup = await as(sponsor.POST, {
        body: { groupId: 999999, name: 'X', imageUrl: '/x.svg', websiteUrl: 'https://x.example' },
      });
      expect(noGroup).toMatchObject({
        status: 400,
        body: { errors: { groupId: 'That sponsor group does not exist.' } },
      });
      const oldPrice = await as(merchandise.POST, {
        body: { name: 'Tee', description: 'Cotton', price: 400, oldPrice: 300, image1Url: '/tee.svg' },
      });
      expect(oldPrice.body.errors?.oldPrice).toBe(
        'The old price must be more than the price (it is shown struck through).',
      );
      expect(cache.revalidated).toEqual([]);
    });
  });

  describe('team, sponsors and pronite', () => {
    it('a new team member shows in the public team read, and the team page is revalidated', async () => {
      const group = await as<AdminTeamGroup>(teamGroup.POST, { body: { teamCategory: 'Gate Crew' } });
      expect(group.status).toBe(201);
      const member = await as<AdminTeamMember>(teamMember.POST, {
        body: {
          groupId: group.body.data.id,
          name: 'Ira Sen',
          designation: 'Head of Gates',
          imageUrl: '/images/team/ira.svg',
          instagramUrl: 'https://instagram.com/ira',
          linkedInUrl: '',
        },
      });
      expect(member).toMatchObject({ status: 201, body: { message: 'Team member created.' } });
      expect(member.body.data).toMatchObject({ linkedInUrl: null, isVisible: true, position: 0 });
      expect(cache.revalidated).toEqual(['content:team', 'content:team']);
      const team = await call<Answer<TeamGroup[]>>(publicTeam);
      expect(team.body.data.find((g) => g.teamCategory === 'Gate Crew')).toEqual({
        teamCategory: 'Gate Crew',
        teamMembers: [
          {
            name: 'Ira Sen',
            designation: 'Head of Gates',
            imageUrl: '/images/team/ira.svg',
            instagramUrl: 'https://instagram.com/ira',
          },
        ],
      });
      // Hiding the member leaves the group empty, so the group goes too; the console still lists both.
      await as(teamMemberItem.PATCH, {
        method: 'PATCH',
        params: { id: String(member.body.data.id) },
        body: { isVisible: false },
      });
      const after = await call<Answer<TeamGroup[]>>(publicTeam);
      expect(after.body.data.some((g) => g.teamCategory === 'Gate Crew')).toBe(false);
      const console = await as<AdminTeamGroup[]>(teamGroup.GET);
      expect(console.body.data.find((g) => g.id === group.body.data.id)?.members.map((m) => m.name)).toEqual([
        'Ira Sen',
      ]);
    });

    it('a hidden sponsor leaves the public sponsors read and comes back when shown, with before and after audited', async () => {
      const groups = await as<AdminSponsorGroup[]>(sponsorGroup.GET);
      const target = groups.body.data.flatMap((g) => g.sponsors).find((s) => s.isVisible)!;
      const publicNames = async () =>
        (await call<Answer<SponsorGroup[]>>(publicSponsors)).body.data.flatMap((g) =>
          g.sponsors.map((s) => s.name),
        );
      expect(await publicNames()).toContain(target.name);

      const hidden = await as<AdminSponsor>(sponsorItem.PATCH, {
        method: 'PATCH',
        params: { id: String(target.id) },
        body: { isVisible: false },
      });
      expect(hidden).toMatchObject({
        status: 200,
        body: { message: 'Sponsor saved.', data: { isVisible: false } },
      });
      expect(cache.revalidated).toEqual(['content:sponsors']);
      expect(await publicNames()).not.toContain(target.name);
      const [line] = await listAudit(db(), { entity: 'sponsor', entityId: String(target.id) });
      expect(line).toMatchObject({
        action: 'update',
        actorEmail: organiser.email,
        before: { id: target.id, name: target.name, isVisible: true },
        after: { id: target.id, name: target.name, isVisible: false },
      });

      await as(sponsorItem.PATCH, {
        method: 'PATCH',
        params: { id: String(target.id) },
        body: { isVisible: true },
      });
      expect(await publicNames()).toContain(target.name);

      // A hidden group takes its sponsors off the public read with it.
      const group = groups.body.data.find((g) => g.id === target.groupId)!;
      await as(sponsorGroupItem.PATCH, {
        method: 'PATCH',
        params: { id: String(group.id) },
        body: { isVisible: false },
      });
      const names = await publicNames();
      expect(group.sponsors.some((s) => names.includes(s.name))).toBe(false);
      await as(sponsorGroupItem.PATCH, {
        method: 'PATCH',
        params: { id: String(group.id) },
        body: { isVisible: true },
      });
    });

    it('hidden pronite artists leave the public read; create and delete are audited', async () => {
      const created = await as<AdminProniteArtist>(pronite.POST, {
        body: {
          name: 'The Lanterns',
          tagline: 'Folk under the stars',
          night: '2027-02-21',
          imageUrl: '/images/pronite/x.svg',
        },
      });
      expect(created.status).toBe(201);
      expect((await listProniteArtists(db())).map((a) => a.name)).toContain('The Lanterns');
      const id = String(created.body.data.id);
      await as(proniteItem.PATCH, { method: 'PATCH', params: { id }, body: { isVisible: false } });
      expect((await listProniteArtists(db())).map((a) => a.name)).not.toContain('The Lanterns');
      const deleted = await as(proniteItem.DELETE, { method: 'DELETE', params: { id } });
      expect(deleted).toMatchObject({ status: 200, body: { message: 'Pronite artist deleted.' } });
      expect(cache.revalidated).toEqual(['content:pronite', 'content:pronite', 'content:pronite']);
      const lines = await listAudit(db(), { entity: 'pronite_artist', entityId: id });
      expect(lines.map((l) => l.action)).toEqual(['delete', 'update', 'create']);
      expect(lines[0]).toMatchObject({ before: { name: 'The Lanterns', isVisible: false }, after: null });
      expect(lines[2]).toMatchObject({ before: null, after: { name: 'The Lanterns', night: '2027-02-21' } });
    });

    it("reorders one group's members, and refuses partial, mixed or unknown lists", async () => {
      const group = await as<AdminTeamGroup>(teamGroup.POST, { body: { teamCategory: 'Stage Crew' } });
      const other = await as<AdminTeamGroup>(teamGroup.POST, { body: { teamCategory: 'Sound Crew' } });
      const ids: number[] = [];
      for (const name of ['Asha', 'Bela', 'Chand']) {
        const made = await as<AdminTeamMember>(teamMember.POST, {
          body: { groupId: group.body.data.id, name, designation: 'Crew', imageUrl: '/images/team/x.svg' },
        });
        ids.push(made.body.data.id);
      }
      const stranger = await as<AdminTeamMember>(teamMember.POST, {
        body: {
          groupId: other.body.data.id,
          name: 'Dev',
          designation: 'Crew',
          imageUrl: '/images/team/x.svg',
        },
      });
      const [a, b, c] = ids as [number, number, number];
      const saved = await as(teamMemberReorder.POST, { body: { ids: [c, a, b] } });
      expect(saved).toMatchObject({ status: 200, body: { message: 'Order saved.' } });
      const listed = await as<AdminTeamMember[]>(teamMember.GET);
      expect(listed.body.data.filter((m) => m.groupId === group.body.data.id).map((m) => m.name)).toEqual([
        'Chand',
        'Asha',
        'Bela',
      ]);
      const team = await call<Answer<TeamGroup[]>>(publicTeam);
      expect(
        team.body.data.find((g) => g.teamCategory === 'Stage Crew')?.teamMembers.map((m) => m.name),
      ).toEqual(['Chand', 'Asha', 'Bela']);
      const [line] = await listAudit(db(), { entity: 'team_member', entityId: String(group.body.data.id) });
      expect(line).toMatchObject({
        action: 'reorder',
        before: { ids: [a, b, c] },
        after: { ids: [c, a, b] },
      });

      expect(await as(teamMemberReorder.POST, { body: { ids: [c, a] } })).toMatchObject({
        status: 400,
        body: {
          message: "List every one of one group's members once, in the new order (3 expected, 2 sent).",
        },
      });
      expect(
        (await as(teamMemberReorder.POST, { body: { ids: [a, b, stranger.body.data.id] } })).status,
      ).toBe(400);
      expect((await as(teamMemberReorder.POST, { body: { ids: [a, 999999] } })).status).toBe(404);
      expect((await as(teamMemberReorder.POST, { body: { ids: [a, a] } })).body.errors).toEqual({
        ids: 'Each id may appear once.',
      });

      // Groups reorder over the whole list.
      const allGroups = (await as<AdminTeamGroup[]>(teamGroup.GET)).body.data.map((g) => g.id);
      const reversed = [...allGroups].reverse();
      expect((await as(teamGroupReorder.POST, { body: { ids: reversed } })).status).toBe(200);
      expect((await as<AdminTeamGroup[]>(teamGroup.GET)).body.data.map((g) => g.id)).toEqual(reversed);
      await as(teamGroupReorder.POST, { body: { ids: allGroups } });
    });
  });

  describe('merchandise', () => {
    async function product(stock: number, extra: Record<string, unknown> = {}) {
      const made = await as<AdminMerchandiseProduct>(merchandise.POST, {
        body: {
          name: `Console Tee ${Math.random().toString(36).slice(2, 6)}`,
          description: 'Soft cotton',
          price: '250.50',
          oldPrice: '300',
          image1Url: '/images/merch/tee-front.svg',
          image2Url: '',
          ...extra,
        },
      });
      expect(made.status).toBe(201);
      const size = await as<AdminMerchandiseVariant>(variant.POST, {
        body: { productId: made.body.data.id, type: 'M', stock },
      });
      expect(size.status).toBe(201);
      return { product: made.body.data, size: size.body.data };
    }

    async function buy(variantId: number, qty: number, pay: boolean) {
      const buyer = await quickUser(db());
      const created = await call<Answer<{ order: { id: string } }>>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 250.5 * qty, cart: [{ variantId, qty }] },
      });
      expect(created.status).toBe(200);
      if (!pay) return;
      const payData = await sandboxPay(created.body.data.order.id);
      const confirmed = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart: [{ variantId, qty, totalPrice: 250.5 * qty }], payData },
      });
      expect(confirmed.status).toBe(201);
    }

    it('stores rupees as paise and answers them as rupees; hidden products are off the shop', async () => {
      const { product: made, size } = await product(5);
      expect(made).toMatchObject({ price: 250.5, oldPrice: 300, image2Url: null, isVisible: true });
      const [row] = await db().select().from(merchandiseProducts).where(eq(merchandiseProducts.id, made.id));
      expect(row).toMatchObject({ pricePaise: 25050, oldPricePaise: 30000 });
      const shop = async () => (await call<Answer<MerchandiseProduct[]>>(publicMerchandise)).body.data;
      expect((await shop()).find((p) => p.id === made.id)).toMatchObject({ price: 250.5, oldPrice: 300 });

      await as(merchandiseItem.PATCH, {
        method: 'PATCH',
        params: { id: String(made.id) },
        body: { isVisible: false },
      });
      expect((await shop()).some((p) => p.id === made.id)).toBe(false);
      const buyer = await quickUser(db());
      const refused = await call(createMerchOrder, {
        token: buyer.token,
        body: { amount: 250.5, cart: [{ variantId: size.id, qty: 1 }] },
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: `${made.name} is not on sale any more.` },
      });
      // Merchandise is read live by the shop: no cached page to revalidate.
      expect(cache.revalidated).toEqual([]);
    });

    it('keeps stock at or above sold plus held, and shows both in the console list', async () => {
      const { product: made, size } = await product(4);
      await buy(size.id, 1, true);
      await buy(size.id, 1, false);
      const listed = await as<AdminMerchandiseProduct[]>(merchandise.GET);
      expect(listed.body.data.find((p) => p.id === made.id)?.variants).toEqual([
        expect.objectContaining({ type: 'M', stock: 4, sold: 1, held: 1, left: 2 }),
      ]);
      const tooLow = await as(variantItem.PATCH, {
        method: 'PATCH',
        params: { id: String(size.id) },
        body: { stock: 1 },
      });
      expect(tooLow).toMatchObject({
        status: 409,
        body: {
          message: 'Size M has 1 sold and 1 held in checkouts right now, so its stock cannot go below 2.',
          errors: { stock: expect.any(String) },
        },
      });
      const atFloor = await as<AdminMerchandiseVariant>(variantItem.PATCH, {
        method: 'PATCH',
        params: { id: String(size.id) },
        body: { stock: 2 },
      });
      expect(atFloor).toMatchObject({ status: 200, body: { data: { stock: 2, sold: 1, held: 1, left: 0 } } });
      const [line] = await listAudit(db(), { entity: 'merchandise_variant', entityId: String(size.id) });
      expect(line).toMatchObject({ action: 'update', before: { stock: 4 }, after: { stock: 2 } });
    });

    it('refuses to delete a product or remove a size that has orders, and suggests hiding or disabling', async () => {
      // 8: one account may hold 2 of it (a quarter, hold-cap.ts).
      const { product: made, size } = await product(8);
      await buy(size.id, 2, true);
      const sizeRefused = await as(variantItem.DELETE, { method: 'DELETE', params: { id: String(size.id) } });
      expect(sizeRefused).toMatchObject({
        status: 409,
        body: {
          message:
            'Size M has 1 order, so it cannot be removed: the orders must keep their record. Disable the size instead.',
        },
      });
      const productRefused = await as(merchandiseItem.DELETE, {
        method: 'DELETE',
        params: { id: String(made.id) },
      });
      expect(productRefused).toMatchObject({
        status: 409,
        body: {
          message: `“${made.name}” has 1 order, so it cannot be deleted: the orders must keep their record. Hide it instead.`,
        },
      });
      const disabled = await as<AdminMerchandiseVariant>(variantItem.PATCH, {
        method: 'PATCH',
        params: { id: String(size.id) },
        body: { isEnabled: false },
      });
      expect(disabled.body.data.isEnabled).toBe(false);

      // A product nobody ordered goes, sizes and all, and the audit line keeps what it was.
      const { product: spare, size: spareSize } = await product(3);
      const extra = await as<AdminMerchandiseVariant>(variant.POST, {
        body: { productId: spare.id, type: 'L', stock: 1 },
      });
      const clash = await as(variant.POST, { body: { productId: spare.id, type: 'l', stock: 1 } });
      expect(clash).toMatchObject({ status: 409, body: { message: 'This product already has a size l.' } });
      expect(
        (await as(variantReorder.POST, { body: { ids: [extra.body.data.id, spareSize.id] } })).status,
      ).toBe(200);
      expect(
        (await as<AdminMerchandiseVariant[]>(variant.GET)).body.data
          .filter((v) => v.productId === spare.id)
          .map((v) => v.type),
      ).toEqual(['L', 'M']);
      expect(
        (await as(merchandiseItem.DELETE, { method: 'DELETE', params: { id: String(spare.id) } })).status,
      ).toBe(200);
      const [line] = await listAudit(db(), { entity: 'merchandise_product', entityId: String(spare.id) });
      expect(line).toMatchObject({
        action: 'delete',
        before: { name: spare.name, variants: [{ type: 'L' }, { type: 'M' }] },
      });
    });
  });

  describe('accommodation', () => {
    async function stayOption(capacity: number) {
      const type = await as<AdminAccommodationType>(accommodationType.POST, {
        body: {
          accommodationType: `Console Hall ${Math.random().toString(36).slice(2, 6)}`,
          pricePerNight: '500',
          description: '',
        },
      });
      expect(type.status).toBe(201);
      const option = await as<AdminAccommodationOption>(accommodationOption.POST, {
        body: { typeId: type.body.data.id, startDate: '2027-02-20', days: '2', capacity: String(capacity) },
      });
      expect(option.status).toBe(201);
      return { type: type.body.data, option: option.body.data };
    }

    /** More dates for a type, each created last of its list. */
    async function addDates(typeId: number, startDates: string[]): Promise<AdminAccommodationOption[]> {
      const made: AdminAccommodationOption[] = [];
      for (const startDate of startDates) {
        const option = await as<AdminAccommodationOption>(accommodationOption.POST, {
          body: { typeId, startDate, days: '1', capacity: '5' },
        });
        expect(option.status).toBe(201);
        made.push(option.body.data);
      }
      return made;
    }

    /** The date options the booking screen offers for a type, in its order. */
    async function screenDates(typeId: number): Promise<number[] | undefined> {
      const answer = await call<Answer<AccommodationType[]>>(publicAccommodation);
      return answer.body.data.find((t) => t.id === typeId)?.accommodations.map((o) => o.id);
    }

    async function book(optionId: number) {
      const guest = await quickUser(db());
      const uploaded = await upload(uploadRequest(guest.token), { params: Promise.resolve({}) });
      const proof = ((await uploaded.json()) as { data: { url: string } }).data.url;
      const created = await call<Answer<{ order: { id: string } }>>(createStayOrder, {
        token: guest.token,
        body: { amount: 1000, accommodationId: optionId, identityProofUrl: proof },
      });
      expect(created.status).toBe(200);
      const payData = await sandboxPay(created.body.data.order.id);
      const confirmed = await call(confirmStay, {
        token: guest.token,
        body: { userId: guest.userId, accommodationId: optionId, identityProofUrl: proof, payData },
      });
      expect(confirmed.status).toBe(201);
    }

    it('keeps capacity at or above places booked plus held, and keeps booked dates', async () => {
      const { type, option } = await stayOption(3);
      await book(option.id);
      const holder = await quickUser(db());
      await call(createStayOrder, {
        token: holder.token,
        body: { amount: 1000, accommodationId: option.id },
      });
      const listed = await as<AdminAccommodationType[]>(accommodationType.GET);
      expect(listed.body.data.find((t) => t.id === type.id)?.options).toEqual([
        expect.objectContaining({ capacity: 3, booked: 1, held: 1, left: 1 }),
      ]);
      const id = String(option.id);
      expect(
        await as(accommodationOptionItem.PATCH, { method: 'PATCH', params: { id }, body: { capacity: 1 } }),
      ).toMatchObject({
        status: 409,
        body: {
          message:
            'The stay from 2027-02-20 (2 nights) has 1 places booked and 1 held in checkouts right now, so its capacity cannot go below 2.',
        },
      });
      expect(
        (
          await as<AdminAccommodationOption>(accommodationOptionItem.PATCH, {
            method: 'PATCH',
            params: { id },
            body: { capacity: 2 },
          })
        ).body.data,
      ).toMatchObject({ capacity: 2, booked: 1, held: 1, left: 0 });
      expect(
        await as(accommodationOptionItem.PATCH, {
          method: 'PATCH',
          params: { id },
          body: { startDate: '2027-02-21' },
        }),
      ).toMatchObject({
        status: 409,
        body: {
          message:
            'The stay from 2027-02-20 (2 nights) has bookings, so its dates cannot change. Add a new option instead.',
        },
      });
    });

    it('refuses to delete a booked option or type, and a hidden type is off the booking screen', async () => {
      const { type, option } = await stayOption(2);
      await book(option.id);
      expect(
        await as(accommodationOptionItem.DELETE, { method: 'DELETE', params: { id: String(option.id) } }),
      ).toMatchObject({
        status: 409,
        body: {
          message:
            'The stay from 2027-02-20 (2 nights) has 1 booking, so it cannot be deleted: the bookings must keep their record. Hide it instead, or lower its capacity to what is booked.',
        },
      });
      expect(
        await as(accommodationTypeItem.DELETE, { method: 'DELETE', params: { id: String(type.id) } }),
      ).toMatchObject({
        status: 409,
        body: {
          message: `“${type.accommodationType}” has 1 booking, so it cannot be deleted: the bookings must keep their record. Hide it instead.`,
        },
      });
      const screen = async () => (await call<Answer<AccommodationType[]>>(publicAccommodation)).body.data;
      expect((await screen()).some((t) => t.id === type.id)).toBe(true);
      await as(accommodationTypeItem.PATCH, {
        method: 'PATCH',
        params: { id: String(type.id) },
        body: { isVisible: false },
      });
      expect((await screen()).some((t) => t.id === type.id)).toBe(false);
      const guest = await quickUser(db());
      expect(
        await call(createStayOrder, {
          token: guest.token,
          body: { amount: 1000, accommodationId: option.id },
        }),
      ).toMatchObject({
        status: 409,
        body: { message: `${type.accommodationType} is not available any more.` },
      });

      // An unbooked option and type delete cleanly.
      const spare = await stayOption(5);
      expect(
        (
          await as(accommodationOptionItem.DELETE, {
            method: 'DELETE',
            params: { id: String(spare.option.id) },
          })
        ).status,
      ).toBe(200);
      expect(
        (await as(accommodationTypeItem.DELETE, { method: 'DELETE', params: { id: String(spare.type.id) } }))
          .status,
      ).toBe(200);
      const [line] = await listAudit(db(), { entity: 'accommodation_type', entityId: String(spare.type.id) });
      expect(line).toMatchObject({
        action: 'delete',
        before: { accommodationType: spare.type.accommodationType, options: [] },
      });
    });

    it('a hidden date option leaves the booking screen and cannot be ordered, and comes back when shown', async () => {
      const { type, option } = await stayOption(4);
      const [later] = (await addDates(type.id, ['2027-02-22'])) as [AdminAccommodationOption];
      expect(later).toMatchObject({ isVisible: true, position: 1 });
      expect(await screenDates(type.id)).toEqual([option.id, later.id]);

      const id = String(later.id);
      const hidden = await as<AdminAccommodationOption>(accommodationOptionItem.PATCH, {
        method: 'PATCH',
        params: { id },
        body: { isVisible: false },
      });
      expect(hidden).toMatchObject({ status: 200, body: { data: { id: later.id, isVisible: false } } });
      expect(await screenDates(type.id)).toEqual([option.id]);
      // The console still lists it, marked hidden.
      const listed = await as<AdminAccommodationOption[]>(accommodationOption.GET);
      expect(listed.body.data.find((o) => o.id === later.id)).toMatchObject({ isVisible: false });
      const [line] = await listAudit(db(), { entity: 'accommodation_option', entityId: id });
      expect(line).toMatchObject({
        action: 'update',
        before: { isVisible: true },
        after: { isVisible: false },
      });

      // A screen loaded before the option was hidden cannot buy it.
      const guest = await quickUser(db());
      const order = () =>
        call(createStayOrder, { token: guest.token, body: { amount: 500, accommodationId: later.id } });
      expect(await order()).toMatchObject({
        status: 409,
        body: {
          message: `${type.accommodationType} from 22nd Feb, 2027 is not available any more. Please choose other dates.`,
        },
      });

      await as(accommodationOptionItem.PATCH, { method: 'PATCH', params: { id }, body: { isVisible: true } });
      expect(await screenDates(type.id)).toEqual([option.id, later.id]);
      expect((await order()).status).toBe(200);
    });

    it("reorders one type's date options for the booking screen, and refuses partial or foreign lists", async () => {
      const { type, option } = await stayOption(4);
      // New dates go last, whatever their date: the organisers' order, not the calendar's.
      const [early, late] = (await addDates(type.id, ['2027-02-19', '2027-02-23'])) as [
        AdminAccommodationOption,
        AdminAccommodationOption,
      ];
      const [a, b, c] = [option.id, early.id, late.id];
      expect(await screenDates(type.id)).toEqual([a, b, c]);

      const saved = await as(accommodationOptionReorder.POST, { body: { ids: [c, a, b] } });
      expect(saved).toMatchObject({
        status: 200,
        body: { message: 'Order saved.', data: { ids: [c, a, b] } },
      });
      expect(await screenDates(type.id)).toEqual([c, a, b]);
      const listed = await as<AdminAccommodationType[]>(accommodationType.GET);
      expect(listed.body.data.find((t) => t.id === type.id)?.options.map((o) => o.id)).toEqual([c, a, b]);
      const [line] = await listAudit(db(), { entity: 'accommodation_option', entityId: String(type.id) });
      expect(line).toMatchObject({
        action: 'reorder',
        before: { ids: [a, b, c] },
        after: { ids: [c, a, b] },
      });

      expect(await as(accommodationOptionReorder.POST, { body: { ids: [c, a] } })).toMatchObject({
        status: 400,
        body: {
          message: "List every one of one type's date options once, in the new order (3 expected, 2 sent).",
        },
      });
      const other = await stayOption(4);
      expect(
        (await as(accommodationOptionReorder.POST, { body: { ids: [a, b, other.option.id] } })).status,
      ).toBe(400);
      expect((await as(accommodationOptionReorder.POST, { body: { ids: [a, 999999] } })).status).toBe(404);
      // Nothing refused changed the order.
      expect(await screenDates(type.id)).toEqual([c, a, b]);
    });
  });
});
